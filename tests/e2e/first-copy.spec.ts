import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';

// The first copy of an account of 503 links (the demo’s three and 500 more, six of the service’s pages), each answer of the
// service held back a little so the copy takes some seconds: where a new user looks meanwhile, the
// welcome page and the dashboard's links (one copy watched from both), says that the links are on
// their way and how many are here.
// Screenshots go to the test's output folder, to look at; they are not references.

const ADDED = 500;
const TOTAL = ADDED + 3;
test.use({ serverOptions: { faults: { latency: 300 } } });

function addLinks(server: RunningServer): void {
  const account = (server.db.prepare("SELECT account_id AS a FROM links WHERE alias = 'demo'").get() as { a: number })
    .a;
  const insert = server.db.prepare(
    "INSERT INTO links (account_id, alias, longurl, title, status, date) VALUES (?, ?, ?, ?, 'public', ?)",
  );
  server.db.transaction(() => {
    for (let i = 0; i < ADDED; i++)
      insert.run(account, `bulk-${i}`, `https://example.com/page/${i}`, `Page ${i}`, '2026-01-01 10:00:00');
  })();
}

/** Remembers whether the page ever said `text`, however briefly, until the test asks. */
async function noteWhetherSaid(page: Page, text: string): Promise<void> {
  await page.addInitScript((said) => {
    const w = window as unknown as { saidIt?: boolean };
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(said)) w.saidIt = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}
const saidIt = (page: Page) => page.evaluate(() => (window as unknown as { saidIt?: boolean }).saidIt === true);

/** Every text the element with `testId` has shown, in order, each once. */
async function noteTextsOf(page: Page, testId: string): Promise<void> {
  await page.addInitScript((id) => {
    const w = window as unknown as { texts?: string[] };
    w.texts = [];
    new MutationObserver(() => {
      const text = document.querySelector(`[data-testid="${id}"] p`)?.textContent;
      if (text && w.texts!.at(-1) !== text) w.texts!.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, testId);
}
const textsSeen = (page: Page) => page.evaluate(() => (window as unknown as { texts: string[] }).texts);

/** A count in the page's words: the plural form its language takes for `n`, with `n` written as the page writes it. */
async function counted(page: Page, words: Record<string, string | undefined>, key: string, n: number) {
  const [category, number] = await page.evaluate(
    (count) => [
      new Intl.PluralRules(document.documentElement.lang).select(count),
      new Intl.NumberFormat(document.documentElement.lang).format(count),
    ],
    n,
  );
  return (words[`${key}_${category}`] ?? words[`${key}_other`]!).replace('{count}', number);
}

// In English and in Arabic, whose six plural forms are the counts' hardest case (German's two are
// English's).
for (const { language, code } of [
  { language: 'en-US', code: 'en' },
  { language: 'ar', code: 'ar' },
]) {
  test.describe(`in ${code}`, () => {
    test.use({ uiLanguage: language });

    test('the first copy: the welcome page counts the links as they come, the links list says it is copying, never that there are none, then both say all are here', async ({
      context,
      server,
      extensionUrl,
    }) => {
      test.setTimeout(90_000);
      const words = await messagesOf(code);
      addLinks(server);
      const welcome = await context.newPage();
      await welcome.setViewportSize({ width: 1280, height: 900 });
      await noteTextsOf(welcome, 'first-copy');
      await welcome.goto(extensionUrl('welcome.html'));
      await welcome.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
      await welcome.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(server.apiKey);
      await welcome.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
      await expect(welcome.getByTestId('welcome-connected')).toContainText('demo@linkpilot.test');

      // The links list, opened while the copy runs as a person leaving the welcome page would: before
      // the copy reaches the links, that they are on their way and the copy's progress.
      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await noteWhetherSaid(dashboard, words.linkTablePage_noLinksYet!);
      await dashboard.goto(extensionUrl('dashboard.html#/links'));
      const empty = dashboard.getByTestId('empty-state');
      await expect(empty.getByRole('heading', { name: words.firstCopy_title })).toBeVisible();
      await expect(empty.getByTestId('mirror-progress')).toBeVisible();
      await keepScreenshot(dashboard, `dashboard-copying-${code}.png`);

      // Then the links themselves, counted as they come, until all are here.
      await expect(dashboard.getByTestId('link-row').first()).toBeVisible({ timeout: 30_000 });
      await expect(dashboard.getByTestId('links-count')).toHaveText(
        await counted(dashboard, words, 'links_count', TOTAL),
        { timeout: 60_000 },
      );
      expect(await saidIt(dashboard)).toBe(false);

      // The welcome page counted while the links arrived, of about the total the service's pages say,
      // then said it was done, with the count.
      const done = welcome.getByTestId('first-copy-done');
      await expect(done).toHaveText(await counted(welcome, words, 'firstCopy_done', TOTAL), { timeout: 60_000 });
      const ofAbout = await counted(welcome, words, 'firstCopy_soFarOf', 600);
      const [before, after] = ofAbout.split('{copied}') as [string, string];
      const growing = (await textsSeen(welcome)).filter((text) => text.startsWith(before) && text.endsWith(after));
      expect(growing.length, (await textsSeen(welcome)).join(' | ')).toBeGreaterThanOrEqual(2);
      const numbers = growing.map((text) => text.slice(before.length, text.length - after.length));
      expect(new Set(numbers).size).toBe(numbers.length);
      await expect(welcome.getByTestId('first-copy')).toHaveCount(0);
      await keepScreenshot(welcome, `welcome-done-${code}.png`, { fullPage: true });
    });
  });
}
