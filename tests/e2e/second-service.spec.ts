import { type RunningServer, startServer } from '../../server/start';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { SettingsPage } from './pages/SettingsPage';
import { connectFromSettings } from './support';

// A second link service, with links of its own, added beside the first and switched to at once:
// its links are copied and listed, not only its account read. More links than the on-screen refresh
// of the links list reads (five pages of 100 from the newest end): all of them take the first copy.

const OTHER_KEY = 'e2e-other-service-key';
const LINKS = 620;
let other: RunningServer;
/** What the second service was asked for, "GET /api/urls" and the like. */
const asked: string[] = [];

test.beforeEach(async () => {
  asked.length = 0;
  other = await startServer({
    port: 0,
    db: ':memory:',
    apiKeys: [OTHER_KEY],
    demo: false,
    rateLimit: 600,
    rateWindowSec: 60,
    onApiRequest: (method, url) => asked.push(`${method} ${url.pathname}`),
  });
  const account = (other.db.prepare('SELECT id FROM accounts').get() as { id: number }).id;
  const insert = other.db.prepare(
    "INSERT INTO links (account_id, alias, longurl, title, status, date) VALUES (?, ?, ?, ?, 'public', ?)",
  );
  other.db.transaction(() => {
    for (let i = 0; i < LINKS; i++) {
      const date = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      insert.run(account, `elsewhere-${i}`, `https://example.org/${i}`, `Elsewhere ${i}`, date);
    }
  })();
  asked.length = 0;
});
test.afterEach(async () => {
  await other.close();
});

test('a connection to a second service, switched to when added, copies that service’s links into the dashboard and the popup', async ({
  context,
  server,
  extensionUrl,
  popupFor,
  web,
}) => {
  const page = await context.newPage();
  await connectFromSettings(page, extensionUrl, server);
  const settings = new SettingsPage(page, extensionUrl('dashboard.html#/settings'));
  await settings.addConnection(other.url, OTHER_KEY);
  const added = page.getByTestId('connection-added');
  await expect(added).toContainText('Switch to it now?');
  await added.getByRole('button', { name: 'Switch now' }).click();
  await expect(page.getByTestId('connected-service')).toHaveText(other.url.replace('http://', ''));

  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('links');
  // Every one of the second service's links, the oldest too; none of the first one's demo links.
  await expect(page.getByTestId('links-count')).toHaveText(`${LINKS} links`, { timeout: 30_000 });
  await expect(dashboard.linkRow('Elsewhere 619')).toHaveCount(1);
  await expect(dashboard.linkRow('Example Domain')).toHaveCount(0);
  expect(asked).toContain('GET /api/campaigns');

  const { popup } = await popupFor(web.url('/on-the-second'));
  await expect(popup.recentLinks().first()).toContainText('Elsewhere 619');
});
