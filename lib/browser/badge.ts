import { browser } from 'wxt/browser';
import { plural, t } from './i18n';

/**
 * The toolbar button: `action` in Manifest V3; the Firefox build is Manifest V2, where the same
 * button and methods are `browserAction` (and `action` is undefined).
 */
const toolbarButton = (): typeof browser.action => browser.action ?? browser.browserAction;

/** The action badge: the number of changes waiting, and a "!" in red when one was refused. */
export async function showSyncBadge(pending: number, failed: number): Promise<void> {
  const text = failed > 0 ? '!' : pending > 0 ? String(Math.min(pending, 999)) : '';
  const button = toolbarButton();
  await button.setBadgeText({ text });
  await button.setBadgeBackgroundColor({ color: failed > 0 ? '#b3261e' : '#3046d9' });
  const title =
    failed > 0
      ? plural('badge.needAttention', failed)
      : pending > 0
        ? plural('badge.waiting', pending)
        : t('manifest.name');
  await button.setTitle({ title });
}
