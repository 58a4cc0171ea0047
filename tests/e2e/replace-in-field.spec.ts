import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { connectExtension, openTab, serverList } from './support';

/** A page to write in: a textarea, an input and a contenteditable, as mail and social composers are. */
const COMPOSER = `<!doctype html><title>Composer</title>
<textarea id="area" rows="3" cols="80"></textarea>
<input id="line" size="60">
<div id="rich" contenteditable="true"></div>`;

/** Runs the worker's "Replace with short link" menu handler with the real tab and frame, as a right-click would. */
async function replaceFromMenu(worker: Worker, tabId: number): Promise<void> {
  await worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    const info = { menuItemId: 'replace-in-field', editable: true, frameId: 0, pageUrl: tab.url };
    (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(info, tab);
  }, tabId);
}

/** Keeps the titles of the notifications the worker shows, so a test can read why it did what it did. */
async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const shown: string[] = [];
    (globalThis as unknown as { shownNotes: string[] }).shownNotes = shown;
    const create = chrome.notifications.create.bind(chrome.notifications);
    chrome.notifications.create = ((options: { title: string }) => {
      shown.push(options.title);
      return create(options as Parameters<typeof create>[0]);
    }) as unknown as typeof chrome.notifications.create;
  });
}

const notes = (worker: Worker) => worker.evaluate(() => (globalThis as unknown as { shownNotes: string[] }).shownNotes);

const SHORT = /http:\/\/127\.0\.0\.1:\d+\/\w+/;

async function selectInTextarea(page: Page, text: string, selected: string) {
  await page.locator('#area').fill(text);
  await page.evaluate(
    ([text, selected]) => {
      const area = document.getElementById('area') as HTMLTextAreaElement;
      area.focus();
      const start = text.indexOf(selected);
      area.setSelectionRange(start, start + selected.length);
    },
    [text, selected] as const,
  );
}

test('a selected address becomes its short link in a textarea, an input and a contenteditable; undo brings it back', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { page, tabId } = await openTab(context, worker, web.url('/composer'));
  await page.setContent(COMPOSER);
  await recordNotifications(worker);

  // Textarea: the selected address only, the words around it kept, an input event heard.
  const text = 'See https://example.com/article-a today.';
  await selectInTextarea(page, text, 'https://example.com/article-a');
  await page.evaluate(() => {
    const area = document.getElementById('area') as HTMLTextAreaElement;
    area.addEventListener('input', () => area.setAttribute('data-heard', 'yes'), { once: true });
  });
  await replaceFromMenu(worker, tabId);
  const area = page.locator('#area');
  await expect(area).toHaveValue(new RegExp(`^See ${SHORT.source} today\\.$`), { timeout: 15_000 });
  await expect(area).toHaveAttribute('data-heard', 'yes');
  const shortA = (await area.inputValue()).match(SHORT)![0];
  // The caret is right after the link.
  expect(await area.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([
    4 + shortA.length,
    4 + shortA.length,
  ]);
  await page.keyboard.press('Control+z');
  await expect(area).toHaveValue(text);

  // Input holding just an address, nothing selected: the whole field is the address.
  const line = page.locator('#line');
  await line.fill('https://example.com/article-b');
  await replaceFromMenu(worker, tabId);
  await expect(line).toHaveValue(new RegExp(`^${SHORT.source}$`), { timeout: 15_000 });
  await page.keyboard.press('Control+z');
  await expect(line).toHaveValue('https://example.com/article-b');

  // Words and one address, nothing selected (the caret at the start): that address, the words kept.
  const words = 'Worth a look: https://example.com/article-d, says Ana.';
  await area.fill(words);
  await area.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
  await replaceFromMenu(worker, tabId);
  await expect(area).toHaveValue(new RegExp(`^Worth a look: ${SHORT.source}, says Ana\\.$`), { timeout: 15_000 });

  // Contenteditable: the selected address in a sentence with markup around it.
  await page.evaluate(() => {
    const rich = document.getElementById('rich')!;
    rich.innerHTML = 'Read <b>this</b>: https://example.com/article-c and more';
    rich.focus();
    const node = rich.lastChild as Text;
    const start = node.data.indexOf('https://');
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + 'https://example.com/article-c'.length);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await replaceFromMenu(worker, tabId);
  const rich = page.locator('#rich');
  await expect(rich).toHaveText(new RegExp(`^Read this: ${SHORT.source} and more$`), { timeout: 15_000 });
  await expect(rich.locator('b')).toHaveText('this');
  await page.keyboard.press('Control+z');
  await expect(rich).toHaveText('Read this: https://example.com/article-c and more');

  // Several addresses in one selection: each becomes its own link; the one already shortened reuses its link.
  const two = 'First https://example.com/article-a, then https://example.com/article-d!';
  await selectInTextarea(page, two, two);
  await replaceFromMenu(worker, tabId);
  await expect(area).toHaveValue(new RegExp(`^First ${SHORT.source}, then ${SHORT.source}!$`), { timeout: 15_000 });
  const [reused, made] = (await area.inputValue()).match(new RegExp(SHORT.source, 'g'))!;
  expect(reused).toBe(shortA);
  expect(made).not.toBe(shortA);
  const onServer = await serverList<{ longurl: string }>(server, '/api/urls', 'urls');
  for (const slug of ['article-a', 'article-b', 'article-c', 'article-d'])
    expect(
      onServer.filter((l) => l.longurl === `https://example.com/${slug}`),
      slug,
    ).toHaveLength(1);
  expect(await notes(worker)).toEqual([]);
});

test('the shortcut replaces the address in the focused field, in a frame of the page too', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { page, tabId } = await openTab(context, worker, web.url('/composer-framed'));
  await page.setContent(`<!doctype html><title>Mail</title><iframe src="${web.url('/editor-frame')}"></iframe>`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading')).toBeVisible();
  const editor = page.frames().find((f) => f.url().endsWith('/editor-frame'))!;
  await editor.setContent('<textarea id="area"></textarea>');
  await editor.locator('#area').fill('https://example.com/article-framed');
  await editor.locator('#area').focus();
  await worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('replace-in-field', tab);
  }, tabId);
  await expect(editor.locator('#area')).toHaveValue(new RegExp(`^${SHORT.source}$`), { timeout: 15_000 });
});

test('more than twenty addresses are replaced only once the person agrees in the page', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { page, tabId } = await openTab(context, worker, web.url('/composer-many'));
  await page.setContent(COMPOSER);
  await recordNotifications(worker);
  const urls = Array.from({ length: 21 }, (_, i) => `https://example.com/many-${i}`);
  const text = `Reading list:\n${urls.join('\n')}\nThat is all.`;
  const madeOnServer = async () =>
    (await serverList<{ longurl: string }>(server, '/api/urls', 'urls')).filter((l) => urls.includes(l.longurl));

  // Declined: nothing is sent and the text stays as it was.
  await selectInTextarea(page, text, text);
  let asked = page.waitForEvent('dialog');
  await replaceFromMenu(worker, tabId);
  const no = await asked;
  expect(no.type()).toBe('confirm');
  expect(no.message()).toMatch(/^Replace 21 addresses in this text box with short links\?/);
  await no.dismiss();
  await page.waitForTimeout(1_000);
  await expect(page.locator('#area')).toHaveValue(text);
  expect(await madeOnServer()).toEqual([]);
  expect(await notes(worker)).toEqual([]);

  // Agreed: every address becomes its own short link, the words around them kept.
  await selectInTextarea(page, text, text);
  asked = page.waitForEvent('dialog');
  await replaceFromMenu(worker, tabId);
  await (await asked).accept();
  const replaced = new RegExp(`^Reading list:\\n(${SHORT.source}\\n){21}That is all\\.$`);
  await expect(page.locator('#area')).toHaveValue(replaced, { timeout: 30_000 });
  expect(await madeOnServer()).toHaveLength(21);
  expect(await notes(worker)).toEqual([]);
});

test('a field whose text changed meanwhile, or a service out of reach, leaves the text as it was and says why', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { page, tabId } = await openTab(context, worker, web.url('/composer-offline'));
  await page.setContent(COMPOSER);
  await recordNotifications(worker);

  // No address in the field: nothing to do, and the person is told.
  await selectInTextarea(page, 'Just words here', 'words');
  await replaceFromMenu(worker, tabId);
  await expect.poll(() => notes(worker)).toEqual(['No address to replace']);

  // The person types on while the service is slow to answer: the link is not pasted into changed text.
  server.setFaults({ latency: 2_000 });
  const typing = 'Later https://example.com/article-typing';
  await selectInTextarea(page, typing, 'https://example.com/article-typing');
  await replaceFromMenu(worker, tabId);
  await page.waitForTimeout(500);
  await page.locator('#area').press('End');
  await page.keyboard.type(' and more');
  await expect.poll(() => notes(worker), { timeout: 15_000 }).toHaveLength(2);
  expect((await notes(worker))[1]).toBe('Your text changed meanwhile');
  await expect(page.locator('#area')).toHaveValue(`${typing} and more`);
  server.setFaults(null);

  await server.close();
  const text = 'Offline https://example.com/article-offline here';
  await selectInTextarea(page, text, 'https://example.com/article-offline');
  await replaceFromMenu(worker, tabId);
  await expect.poll(() => notes(worker), { timeout: 15_000 }).toHaveLength(3);
  expect((await notes(worker))[2]).toBe('Saved, waiting to sync');
  await expect(page.locator('#area')).toHaveValue(text);
  // Never pasted later: the text stays as it was after the link is saved.
  await page.waitForTimeout(1_000);
  await expect(page.locator('#area')).toHaveValue(text);
});
