import { expect, test } from './fixtures';
import { connectExtension, openTab, readClipboard } from './support';

interface Suggestion {
  content: string;
  description: string;
}

test('the address bar keyword finds your links in the mirror, opens the chosen page and copies a short link', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const target = web.url('/omnibox-recipe');
  const { tabId } = await openTab(context, worker, target);
  // A link to a page on 127.0.0.1, made by the shortcut, so that opening it stays on this machine.
  await worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('shorten-current-tab', tab);
  }, tabId);

  const suggest = (text: string) =>
    worker.evaluate(
      (text) =>
        new Promise<Suggestion[]>((resolve) =>
          (chrome.omnibox.onInputChanged as unknown as Dispatchable).dispatch(text, resolve),
        ),
      text,
    );
  let shown: Suggestion[] = [];
  await expect
    .poll(
      async () => {
        shown = await suggest('omnibox-recipe');
        return shown.map((s) => s.content);
      },
      { timeout: 15_000 },
    )
    .toEqual([target, expect.stringMatching(/^lp-copy:http:\/\/127\.0\.0\.1:\d+\/\w+$/)]);
  expect(shown[0]!.description).toContain('<url>');
  const shortUrl = shown[1]!.content.slice('lp-copy:'.length);

  // Enter on the typed words opens the best match in a new tab.
  const opened = context.waitForEvent('page');
  await worker.evaluate(
    (text) => (chrome.omnibox.onInputEntered as unknown as Dispatchable).dispatch(text, 'newForegroundTab'),
    'omnibox-recipe',
  );
  const page = await opened;
  await expect.poll(() => page.url()).toBe(target);

  // The copy suggestion puts the short link on the clipboard.
  await worker.evaluate(
    (content) => (chrome.omnibox.onInputEntered as unknown as Dispatchable).dispatch(content, 'currentTab'),
    shown[1]!.content,
  );
  await expect.poll(() => readClipboard(context, web.url('/clipboard-reader')), { timeout: 10_000 }).toBe(shortUrl);

  // Words that match nothing suggest nothing.
  expect(await suggest('no-such-words-anywhere')).toEqual([]);
});
