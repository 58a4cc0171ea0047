import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { expectFirstCopyDone } from './meta';
import { connectExtension, openOptionGroups, openTab, serverList } from './support';

const longUrls = async (server: Parameters<typeof serverList>[0]) =>
  (await serverList<{ longurl: string }>(server, '/api/urls', 'urls')).map((l) => l.longurl);

test('UTM presets: saved from the popup, previewed, applied before shortening, preselected next time, in the dashboard too', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const first = web.url('/spring?id=7');
  const { popup } = await popupFor(first);
  await popup.page.getByRole('button', { name: 'More options' }).click();
  await popup.page.getByText('Campaign tracking (UTM)').click();
  const utm = popup.page.getByTestId('utm');
  // A medium without a source is refused at the field; nothing is saved.
  await utm.getByLabel('UTM medium').fill('email');
  await utm.getByLabel('Save these as a preset').fill('Newsletter');
  await utm.getByRole('button', { name: 'Save preset' }).click();
  await expect(utm.getByText('Give at least the source')).toBeVisible();
  await utm.getByLabel('UTM source').fill('newsletter');
  await utm.getByRole('button', { name: 'Save preset' }).click();
  await expect(utm.getByLabel('Preset', { exact: true })).toHaveValue('Newsletter');
  const tagged = `${first}&utm_source=newsletter&utm_medium=email`;
  await expect(utm.getByTestId('utm-preview')).toHaveText(`The short link will lead to ${tagged}`);
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);
  expect(await longUrls(server)).toContain(tagged);

  // Next page: the preset used last is applied, and says so.
  const second = await openTab(context, worker, web.url('/summer'));
  await popup.openFor(second.tabId);
  await expect(popup.page.getByTestId('utm-applied')).toContainText('Newsletter');
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);
  expect(await longUrls(server)).toContain(`${web.url('/summer')}?utm_source=newsletter&utm_medium=email`);

  // The dashboard's form offers the same presets, the last one chosen.
  const page = await context.newPage();
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: 'New link' }).click();
  const form = page.getByRole('form', { name: 'New short link' });
  await openOptionGroups(form);
  await expect(form.getByLabel('Preset', { exact: true })).toHaveValue('Newsletter');
  await form.getByLabel('Long URL', { exact: true }).fill('https://example.com/autumn?x=1');
  await form.getByLabel('UTM campaign').fill('autumn');
  await form.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByTestId('new-link-dialog')).toHaveCount(0);
  await expectOutboxDrained(worker);
  expect(await longUrls(server)).toContain(
    'https://example.com/autumn?x=1&utm_source=newsletter&utm_medium=email&utm_campaign=autumn',
  );
});

test.describe('a slow service', () => {
  test('the preset is remembered with the click, though the popup is closed before the service answers', async ({
    context,
    server,
    worker,
    extensionUrl,
    web,
    popupFor,
  }) => {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    // The first copy is done before the service slows down: the link below is then the only request on
    // its way, and its answer comes within a request's latency rather than behind a queue of them.
    await expectFirstCopyDone(page);
    server.setFaults({ latency: 1500 });
    const { popup } = await popupFor(web.url('/winter'));
    await popup.page.getByRole('button', { name: 'More options' }).click();
    await popup.page.getByText('Campaign tracking (UTM)').click();
    const utm = popup.page.getByTestId('utm');
    await utm.getByLabel('UTM source').fill('mailing');
    await utm.getByLabel('Save these as a preset').fill('Mailing');
    await utm.getByRole('button', { name: 'Save preset' }).click();
    await expect(utm.getByLabel('Preset', { exact: true })).toHaveValue('Mailing');
    await popup.shortenButton().click();
    // Closed as a person does, the moment they click elsewhere: the answer is still on its way.
    await popup.page.close();

    const { popup: next } = await popupFor(web.url('/spring'));
    await expect(next.page.getByTestId('utm-applied')).toContainText('Mailing');
    await expectOutboxDrained(worker);
    expect(await longUrls(server)).toContain(`${web.url('/winter')}?utm_source=mailing`);
  });
});
