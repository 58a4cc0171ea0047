import { browser } from 'wxt/browser';

/** The action badge: the number of changes waiting, and a "!" in red when one was refused. */
export async function showSyncBadge(pending: number, failed: number): Promise<void> {
  const text = failed > 0 ? '!' : pending > 0 ? String(Math.min(pending, 999)) : '';
  await browser.action.setBadgeText({ text });
  await browser.action.setBadgeBackgroundColor({ color: failed > 0 ? '#b3261e' : '#3046d9' });
  const title =
    failed > 0
      ? `Linkpilot: ${failed} change(s) need attention`
      : pending > 0
        ? `Linkpilot: ${pending} change(s) waiting to sync`
        : 'Linkpilot';
  await browser.action.setTitle({ title });
}
