import { t, textDirection } from '@/lib/browser/i18n';
import type { Connection } from '@/lib/settings/connection';

// Addresses read left to right in every language; isolated, they keep their order inside right-to-left words.
const isolated = (address: string) => (textDirection() === 'rtl' ? `\u2066${address}\u2069` : address);

/** "user@example.com on links.example": who and where, as a person tells connections apart. */
export function connectionLabel(c: Pick<Connection, 'baseUrl' | 'email'>): string {
  const host = isolated(new URL(c.baseUrl).host);
  return c.email ? t('connections.label', { email: isolated(c.email), host }) : host;
}
