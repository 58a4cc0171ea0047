import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectExtension, linkRowTo, outboxEntries, serverList } from './support';

/**
 * Two writers, as a person meets them: a link's destination edited in the dashboard while the
 * service is away, and the same destination changed at the service meanwhile (its web app, a
 * phone). The edit is not sent over the other one: the conflict shows at the link, in the person's
 * language, with both values, until they choose.
 */
for (const { language, code, dir, keep } of [
  { language: 'en-US', code: 'en', dir: 'ltr', keep: 'mine' },
  { language: 'de', code: 'de', dir: 'ltr', keep: 'theirs' },
  { language: 'ar', code: 'ar', dir: 'rtl', keep: 'mine' },
] as const) {
  test.describe(`in ${code}`, () => {
    test.use({ uiLanguage: language });

    test(`a destination changed here and at the service is asked about, and "keep ${keep}" settles it`, async ({
      context,
      extensionUrl,
    }) => {
      const words = await messagesOf(code);
      const dirOfFiles = mkdtempSync(path.join(tmpdir(), 'linkpilot-conflicts-'));
      const dbFile = path.join(dirOfFiles, 'service.sqlite');
      let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
      const { port, apiKey } = server;
      try {
        const page = await context.newPage();
        await page.setViewportSize({ width: 1280, height: 800 });
        await connectExtension(page, extensionUrl, server);
        await page.goto(extensionUrl('dashboard.html#/links'));
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        const row = linkRowTo(page, 'example.com');
        await row.click();
        const panel = page.getByTestId('link-detail');
        await expect(panel).toBeVisible();

        // The service goes away; the person edits the destination here.
        await server.close();
        await panel.getByRole('button', { name: words.linkDetailPanel_edit, exact: true }).click();
        const dialog = page.getByTestId('edit-link-dialog');
        await dialog.getByLabel(words.newLink_longUrl!, { exact: true }).fill('https://example.com/mine');
        await dialog.getByRole('button', { name: words.linkEdit_save, exact: true }).click();
        await expect(dialog).toHaveCount(0, { timeout: 10_000 });
        // Tried while the service was away: the change waits.
        const worker = context.serviceWorkers()[0]!;
        await expect
          .poll(
            async () => ((await outboxEntries(worker))[0] as { error?: { kind: string } } | undefined)?.error?.kind,
            { timeout: 15_000 },
          )
          .toMatch(/network|timeout/);

        // Meanwhile another writer re-points the same link at the service.
        const service = new Database(dbFile);
        service.prepare("UPDATE links SET longurl = 'https://example.com/theirs' WHERE alias = 'demo'").run();
        service.close();
        server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
        await page.evaluate(() => chrome.runtime.sendMessage({ type: 'sync.kick' }));

        const conflict = panel.getByTestId('conflict');
        await expect(conflict).toBeVisible({ timeout: 20_000 });
        await expect(conflict.getByRole('heading')).toHaveText(words.conflict_heading!);
        const field = conflict.locator('[data-field="url"]');
        await expect(field.getByTestId('conflict-field')).toHaveText(words.conflict_field_url!);
        await expect(field.getByTestId('conflict-mine')).toHaveText('https://example.com/mine');
        await expect(field.getByTestId('conflict-theirs')).toHaveText('https://example.com/theirs');
        // Nothing is sent over the other writer's change until the person chooses.
        const demo = async () =>
          (await serverList<{ alias: string; longurl: string }>(server, '/api/urls', 'urls')).find(
            (l) => l.alias === 'demo',
          )!;
        expect((await demo()).longurl).toBe('https://example.com/theirs');
        await keepScreenshot(page, `conflict-at-link-${code}.png`);

        const choice = keep === 'mine' ? words.conflict_keepMine : words.conflict_keepTheirs;
        await conflict.getByRole('button', { name: choice, exact: true }).click();
        await expect(conflict).toHaveCount(0);
        await expectOutboxDrained(worker);
        const expected = `https://example.com/${keep}`;
        expect((await demo()).longurl).toBe(expected);
        await expect(panel.getByTestId('detail-long-url')).toHaveAttribute('title', expected);
      } finally {
        await server.close();
        rmSync(dirOfFiles, { recursive: true, force: true });
      }
    });
  });
}
