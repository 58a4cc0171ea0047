import '@/lib/zod-setup';
import { browser } from 'wxt/browser';

// The worker's clipboard: it asks, this page copies with execCommand (the only way that works
// in an unfocused offscreen document) and answers whether it worked.
browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  const m = message as { target?: unknown; type?: unknown; text?: unknown } | null;
  if (sender.id !== browser.runtime.id || m?.target !== 'offscreen' || m.type !== 'copy' || typeof m.text !== 'string')
    return undefined;
  const area = document.getElementById('clipboard') as HTMLTextAreaElement;
  area.value = m.text;
  area.select();
  const ok = document.execCommand('copy');
  area.value = '';
  sendResponse({ ok });
  return undefined;
});
