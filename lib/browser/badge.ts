import { browser } from 'wxt/browser';
import { plural, t } from './i18n';

/** The action badge: the number of changes waiting, and a "!" in red when one was refused. */
export async function showSyncBadge(pending: number, failed: number): Promise<void> {
  const text = failed > 0 ? '!' : pending > 0 ? String(Math.min(pending, 999)) : '';
  await browser.action.setBadgeText({ text });
  await browser.action.setBadgeBackgroundColor({ color: failed > 0 ? '#b3261e' : '#3046d9' });
  const title =
    failed > 0
      ? plural('badge.needAttention', failed)
      : pending > 0
        ? plural('badge.waiting', pending)
        : t('manifest.name');
  await browser.action.setTitle({ title });
}
