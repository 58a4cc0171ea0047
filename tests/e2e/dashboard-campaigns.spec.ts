import { expectAccessible } from './axe';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { CampaignsPage } from './pages/CampaignsPage';
import { connectExtension, outboxSize, serverList } from './support';

interface ServerCampaign {
  id: number;
  name?: string;
  domain?: string;
  public: boolean;
  rotator: string | false;
  list: string;
}
/** The service carries a campaign's name under `domain` in some list entries. */
const nameOf = (c: ServerCampaign) => c.name ?? c.domain;

test('campaigns: listed with rotator and list URLs; a bad slug is refused in place and nothing is sent', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const campaigns = new CampaignsPage(page, extensionUrl('dashboard.html#/campaigns'));
  await campaigns.open();

  const launch = (await serverList<ServerCampaign>(server, '/api/campaigns', 'campaigns')).find(
    (c) => nameOf(c) === 'Launch week',
  )!;
  const row = campaigns.row('Launch week');
  await expect(row.getByTestId('campaign-access')).toHaveText('Public');
  // Shown without the scheme, opened as given.
  const bare = (url: string) => url.replace(/^https?:\/\//, '');
  await expect(row.getByRole('link', { name: bare(String(launch.rotator)) })).toHaveAttribute(
    'href',
    String(launch.rotator),
  );
  await expect(row.getByRole('link', { name: bare(launch.list) })).toHaveAttribute('href', launch.list);
  await expectAccessible(page);

  await campaigns.create({ name: 'Autumn', slug: 'two words' });
  await expect(campaigns.newForm().getByText('A rotator slug has 3 to 50 letters, digits, - or _.')).toBeVisible();
  await expect(campaigns.newForm().getByLabel('Rotator slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(campaigns.row('Autumn')).toHaveCount(0);
  expect(await outboxSize(worker)).toBe(0);
  expect(await serverList(server, '/api/campaigns', 'campaigns')).toHaveLength(1);
});

test('campaigns: create, edit (name required), assign links from a newest-first list and by search, delete with links kept', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const campaigns = new CampaignsPage(page, extensionUrl('dashboard.html#/campaigns'));
  await campaigns.open();

  // Create: shown at once, waiting; once sent, the service's rotator and list URLs appear.
  await campaigns.create({ name: 'Autumn', slug: 'autumn-26' });
  await expect(campaigns.row('Autumn').getByTestId('campaign-access')).toHaveText('Private');
  await expect(
    campaigns.row('Autumn').getByRole('link', { name: `${server.url.replace('http://', '')}/r/autumn-26` }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(campaigns.row('Autumn').getByTestId('campaign-list').getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^${server.url}/campaign/\\d+$`),
  );
  const created = (await serverList<ServerCampaign>(server, '/api/campaigns', 'campaigns')).find(
    (c) => nameOf(c) === 'Autumn',
  );
  expect(created).toMatchObject({ public: false, rotator: `${server.url}/r/autumn-26` });

  // Edit: the API needs a name on every update, so an empty one is refused here.
  let form = await campaigns.edit('Autumn');
  await form.getByLabel('Campaign name').fill('');
  await form.getByRole('button', { name: 'Save campaign' }).click();
  await expect(form.getByText('Give the campaign a name.')).toBeVisible();
  await form.getByLabel('Campaign name').fill('Autumn sale');
  await form.getByLabel('Rotator slug').fill('autumn-sale');
  await form.getByRole('checkbox', { name: /^Public/ }).check();
  await form.getByRole('button', { name: 'Save campaign' }).click();
  await expect(campaigns.row('Autumn sale').getByTestId('campaign-access')).toHaveText('Public');

  // Assign: the select offers the newest links first; search narrows it.
  form = await campaigns.openLinks('Autumn sale');
  const select = form.getByLabel('Link to add to Autumn sale');
  await expect(select.locator('option:not([value=""])')).toHaveText(['Wikipedia', 'HTTP | MDN', 'Example Domain']);
  await select.selectOption({ label: 'HTTP | MDN' });
  await form.getByRole('button', { name: 'Add link' }).click();
  await form.getByLabel('Search links for Autumn sale').fill('wiki');
  await expect(select.locator('option:not([value=""])')).toHaveText(['Wikipedia']);
  await select.selectOption({ label: 'Wikipedia' });
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(campaigns.row('Autumn sale').getByTestId('campaign-link')).toHaveText([/Wikipedia/, /HTTP \| MDN/]);
  await expectAccessible(page);
  await expectOutboxDrained(worker);

  const edited = (await serverList<ServerCampaign>(server, '/api/campaigns', 'campaigns')).find(
    (c) => c.id === created!.id,
  )!;
  expect(edited).toMatchObject({ public: true, rotator: `${server.url}/r/autumn-sale` });
  expect(nameOf(edited)).toBe('Autumn sale');
  // The rotator takes turns over the campaign's links: both assignments reached the service.
  const destinations = new Set<string | null>();
  for (let i = 0; i < 2; i++)
    destinations.add((await fetch(`${server.url}/r/autumn-sale`, { redirect: 'manual' })).headers.get('location'));
  expect([...destinations].sort()).toEqual([
    'https://developer.mozilla.org/en-US/docs/Web/HTTP',
    'https://www.wikipedia.org/',
  ]);
  const listPage = await fetch(edited.list);
  expect(listPage.status).toBe(200);
  expect(await listPage.text()).toContain('Wikipedia');

  // Delete: the confirmation says the links stay; on the service they do, without a campaign.
  await campaigns.open();
  expect(await campaigns.delete('Autumn sale')).toMatch(/links are kept, but no longer assigned/);
  await expect(campaigns.row('Autumn sale')).toHaveCount(0);
  await expectOutboxDrained(worker);
  expect((await serverList<ServerCampaign>(server, '/api/campaigns', 'campaigns')).map((c) => c.id)).not.toContain(
    created!.id,
  );
  expect((await serverList<{ title: string }>(server, '/api/urls', 'urls')).map((l) => l.title)).toEqual(
    expect.arrayContaining(['Wikipedia', 'HTTP | MDN']),
  );
  expect((await fetch(`${server.url}/r/autumn-sale`, { redirect: 'manual' })).status).toBe(404);
});

test('campaigns: deleting is cancelled when the confirmation is declined', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const campaigns = new CampaignsPage(page, extensionUrl('dashboard.html#/campaigns'));
  await campaigns.open();
  await campaigns.delete('Launch week', 'Cancel');
  await expect(campaigns.row('Launch week')).toHaveCount(1);
  expect(await outboxSize(worker)).toBe(0);
});
