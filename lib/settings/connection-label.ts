import type { Connection } from './connection';

// Apart from the stored item: the popup's first paint needs the item, only the switcher needs labels.
/** "user@example.com on links.example": who and where, as a person tells connections apart. */
export function connectionLabel(c: Pick<Connection, 'baseUrl' | 'email'>): string {
  const host = new URL(c.baseUrl).host;
  return c.email ? `${c.email} on ${host}` : host;
}
