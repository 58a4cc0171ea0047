import type { RunningServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expect, test } from './fixtures';
import { inFront } from './front';
import { keepScreenshot } from './keep';
import { connectIn, openTab, outboxSize, serverList } from './support';

const WORDED_LANGUAGES = [
  { language: 'en-US', code: 'en' },
  { language: 'ar', code: 'ar' },
];

// A create the service or the mirror refuses is answered in the form, at its field, in the
// interface's language; the form keeps what was typed and nothing is left in the queue. A create
// the service does not answer promptly is queued, and a refusal that comes later is fixed in Sync
// with Edit first. Screenshots go to test-results/, to look at; they are not references.

type Words = Record<string, string | undefined>;
const say = (words: Words, key: string, name?: string) => {
  const text = words[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return name === undefined ? text : text.replace('{name}', name);
};

/** An alias another account holds: the mirror cannot know it, only the service refuses it. */
async function aliasTakenElsewhere(server: RunningServer, alias: string): Promise<void> {
  const { apiKey } = server.createAccount({ email: `other-${alias}@linkpilot.test` });
  const response = await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.org/elsewhere', custom: alias }),
  });
  expect(response.status).toBe(200);
}

test.describe('a service that words its refusals as sentences, in German', () => {
  test.use({ uiLanguage: 'de', serverOptions: { faults: { sentences: true } } });

  test('"That alias is already taken." is at the alias field, in German, and no banner comes first', async ({
    context,
    server,
    worker,
    extensionUrl,
    web,
  }) => {
    const words = await messagesOf('de');
    await aliasTakenElsewhere(server, 'winter-sale');
    const dashboard = await context.newPage();
    await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);
    const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
    // Whatever the popup shows from here on, kept: a banner that flashes by is caught too.
    await popup.evaluate(() => {
      const w = window as unknown as { bannersSeen: number };
      w.bannersSeen = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="refused-banner"]')) w.bannersSeen += 1;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await popup.getByRole('button', { name: say(words, 'shorten_moreOptions') }).click();
    const alias = popup.getByLabel(say(words, 'link_customAlias'), { exact: true });
    await alias.fill('winter-sale');
    await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
    await expect(alias).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));
    await expect(alias).toHaveAttribute('aria-invalid', 'true');
    const serviceSays = say(words, 'refusal_serviceSays').split('{text}')[0]!;
    await expect(popup.getByText(serviceSays)).toHaveCount(0);
    // Shown at its field, the refusal is never also "1 change was not accepted" above the form.
    expect(await popup.evaluate(() => (window as unknown as { bannersSeen: number }).bannersSeen)).toBe(0);
    expect(await outboxSize(worker)).toBe(0);
  });
});

// In English and in Arabic (another script, right to left, six plural forms): that a refusal is said
// in the person's language at its field is the same code in German, whose longer words the layout
// tests walk every screen in.
for (const { language, code } of WORDED_LANGUAGES) {
  test.describe(`in ${code}`, () => {
    test.use({ uiLanguage: language });

    test('a taken alias, a used name or domain is refused at its field, the form filled, nothing queued', async ({
      context,
      server,
      worker,
      extensionUrl,
      web,
    }) => {
      const words = await messagesOf(code);
      await aliasTakenElsewhere(server, 'spring-sale');
      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);

      // The popup: the service refuses the alias; the refusal stands under the alias field.
      const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await popup.getByRole('button', { name: say(words, 'shorten_moreOptions') }).click();
      const alias = popup.getByLabel(say(words, 'link_customAlias'), { exact: true });
      await alias.fill('spring-sale');
      await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
      await expect(alias).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));
      await expect(alias).toHaveAttribute('aria-invalid', 'true');
      await expect(alias).toHaveValue('spring-sale');
      await expect(popup.getByTestId('short-url')).toHaveCount(0);
      expect(await outboxSize(worker)).toBe(0);
      await alias.scrollIntoViewIfNeeded();
      await keepScreenshot(popup, `popup-alias-taken-${code}.png`);

      // An alias among the account's own links is refused by the mirror, before anything is sent.
      await alias.fill('DEMO');
      await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
      await expect(alias).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));
      expect(await outboxSize(worker)).toBe(0);
      // Corrected, it is made.
      await alias.fill('spring-sale-2');
      await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
      await expect(popup.getByTestId('short-url')).toContainText('spring-sale-2');

      // The dashboard: a channel name already used, whatever its case, at once.
      await inFront(dashboard);
      await dashboard.goto(extensionUrl('dashboard.html#/channels'));
      await dashboard
        .getByRole('button', { name: say(words, 'channelsPage_newChannel'), exact: true })
        .first()
        .click();
      const channelDialog = dashboard.getByRole('dialog', { name: say(words, 'channelsPage_newChannel') });
      const channelName = channelDialog.getByLabel(say(words, 'channelsPage_channelName'), { exact: true });
      await channelName.fill('news');
      await channelDialog.getByRole('button', { name: say(words, 'channels_create'), exact: true }).click();
      await expect(channelName).toHaveAccessibleDescription(say(words, 'refusal_channelNameUsed'));
      await expect(channelName).toHaveValue('news');
      expect(await outboxSize(worker)).toBe(0);
      await keepScreenshot(dashboard, `dashboard-channel-name-used-${code}.png`);
      await dashboard.keyboard.press('Escape');
      // A rename to another channel's name, likewise.
      await dashboard.getByRole('button', { name: say(words, 'common_editItem', 'Social'), exact: true }).click();
      const renameDialog = dashboard.getByRole('dialog');
      const rename = renameDialog.getByLabel(say(words, 'channelsPage_channelName'), { exact: true });
      await rename.fill('NEWS');
      await renameDialog.getByRole('button', { name: say(words, 'channels_save'), exact: true }).click();
      await expect(rename).toHaveAccessibleDescription(say(words, 'refusal_channelNameUsed'));
      expect(await outboxSize(worker)).toBe(0);
      await dashboard.keyboard.press('Escape');

      // A campaign name already used.
      await dashboard.goto(extensionUrl('dashboard.html#/campaigns'));
      await dashboard
        .getByRole('button', { name: say(words, 'campaignForm_newCampaign'), exact: true })
        .first()
        .click();
      const campaignForm = dashboard.getByRole('form', { name: say(words, 'campaignForm_newCampaign') });
      const campaignName = campaignForm.getByLabel(say(words, 'campaignForm_campaignName'), { exact: true });
      await campaignName.fill('LAUNCH WEEK');
      await campaignForm.getByRole('button', { name: say(words, 'campaignForm_createCampaign'), exact: true }).click();
      await expect(campaignName).toHaveAccessibleDescription(say(words, 'refusal_campaignNameUsed'));
      await expect(campaignName).toHaveValue('LAUNCH WEEK');
      expect(await outboxSize(worker)).toBe(0);
      await dashboard.keyboard.press('Escape');

      // A branded domain the account already has.
      await dashboard.goto(extensionUrl('dashboard.html#/domains'));
      await dashboard
        .getByRole('button', { name: say(words, 'domainsPage_addDomain'), exact: true })
        .first()
        .click();
      const domainDialog = dashboard.getByRole('dialog', { name: say(words, 'domainsPage_addABrandedDomain') });
      const domain = domainDialog.getByLabel(say(words, 'domains_domain'), { exact: true });
      await domain.fill('http://go.linkpilot.test');
      await domainDialog.getByRole('button', { name: say(words, 'domainsPage_addDomain'), exact: true }).click();
      await expect(domain).toHaveAccessibleDescription(say(words, 'refusal_domainRegistered'));
      expect(await outboxSize(worker)).toBe(0);
    });
  });
}

for (const { language, code } of WORDED_LANGUAGES) {
  test.describe(`in ${code}, the service slow to answer`, () => {
    test.use({ uiLanguage: language });

    test('the create is queued; refused later, Sync offers Edit first with the field marked, in the language', async ({
      context,
      server,
      worker,
      extensionUrl,
      web,
    }) => {
      const words = await messagesOf(code);
      await aliasTakenElsewhere(server, 'autumn');
      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);

      // Longer than the form waits, shorter than the request timeout: the refusal comes after it.
      server.setFaults({ latency: 6_000 });
      const { tabId } = await openTab(context, worker, web.url('/autumn-page'));
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await popup.getByRole('button', { name: say(words, 'shorten_moreOptions') }).click();
      await popup.getByLabel(say(words, 'link_customAlias'), { exact: true }).fill('autumn');
      await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
      await expect(popup.getByTestId('pending-note')).toBeVisible({ timeout: 10_000 });
      server.setFaults(null);

      await inFront(dashboard);
      await dashboard.goto(extensionUrl('dashboard.html#/sync'));
      const refused = dashboard.getByTestId('outbox-entry');
      await expect(refused).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
      await expect(refused.getByTestId('outbox-error')).toHaveText(say(words, 'refusal_aliasTaken'));
      // Edit is the first thing offered; sending it again unchanged is not.
      const buttons = refused.getByRole('button');
      await expect(buttons.first()).toHaveText(say(words, 'campaignSummary_edit'));
      await expect(refused.getByRole('button', { name: say(words, 'syncCentre_retry'), exact: true })).toHaveCount(0);
      await buttons.first().click();
      const field = refused.getByLabel(say(words, 'change_label_customAlias'), { exact: true });
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));
      const save = refused.getByRole('button', { name: say(words, 'syncCentre_saveAndRetry'), exact: true });
      await expect(save).toBeDisabled();
      await keepScreenshot(dashboard, `dashboard-sync-edit-first-${code}.png`);
      // Changed, it goes again, and is made.
      await field.fill('autumn-2');
      await save.click();
      await expect(dashboard.getByTestId('outbox-entry')).toHaveCount(0, { timeout: 20_000 });
    });
  });
}

test('a link refused after the popup let go of it is fixed in the popup, at its field, with no state words that contradict', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  const words = await messagesOf('en');
  await aliasTakenElsewhere(server, 'winter');
  const dashboard = await context.newPage();
  await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);
  server.setFaults({ latency: 6_000 });
  const { tabId } = await openTab(context, worker, web.url('/winter-page'));
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  const popupUrl = `${extensionUrl('popup.html')}?tab=${tabId}`;
  await popup.goto(popupUrl);
  await popup.getByRole('button', { name: say(words, 'shorten_moreOptions') }).click();
  await popup.getByLabel(say(words, 'link_customAlias'), { exact: true }).fill('winter');
  await popup.getByRole('button', { name: say(words, 'shorten_formLabel'), exact: true }).click();
  await expect(popup.getByTestId('pending-note')).toBeVisible({ timeout: 10_000 });
  await popup.close();
  server.setFaults(null);
  await inFront(dashboard);
  await dashboard.goto(extensionUrl('dashboard.html#/sync'));
  await expect(dashboard.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });

  const again = await context.newPage();
  await again.setViewportSize({ width: 400, height: 600 });
  await again.goto(popupUrl);
  const refused = again.getByTestId('refused-create');
  await expect(refused).toContainText(say(words, 'pageLink_refused'));
  // Not "appears once the service has made it", not "see Sync": the fix is here.
  const card = again.getByTestId('current-link');
  await expect(card.getByTestId('short-url-pending')).toHaveCount(0);
  await expect(card.getByTestId('sync-state')).toHaveCount(0);
  await expect(again.getByTestId('pending-note')).toHaveCount(0);
  // Shown at its field, it is not also the banner's "not accepted".
  await expect(again.getByTestId('refused-banner')).toHaveCount(0);
  const field = refused.getByLabel(say(words, 'change_label_customAlias'), { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));
  await keepScreenshot(again, 'popup-refused-fixed-in-place-en.png');
  await field.fill('winter-2');
  await refused.getByRole('button', { name: say(words, 'syncCentre_saveAndRetry'), exact: true }).click();
  await expect(again.getByTestId('short-url')).toContainText('winter-2', { timeout: 20_000 });
});

test('New link: every field’s problem at once, and a short URL of the account typed as the long one is said as that, once', async ({
  context,
  server,
  worker,
  extensionUrl,
}) => {
  const words = await messagesOf('en');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
  const demo = (await serverList<{ shorturl: string; longurl: string }>(server, '/api/urls', 'urls'))[0]!;
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row').first()).toBeVisible();
  await page
    .getByRole('button', { name: say(words, 'linkTablePage_newLink') })
    .first()
    .click();
  const form = page.getByRole('form', { name: say(words, 'linkTablePage_newShortLink') });
  const url = form.getByLabel(say(words, 'newLink_longUrl'), { exact: true });
  const alias = form.getByLabel(say(words, 'link_customAlias'), { exact: true });

  // A bad address and an alias the account already holds: both said, at once.
  await url.fill('not an address');
  await alias.fill('DEMO');
  await form.getByRole('button', { name: say(words, 'newLinkForm_createShortLink'), exact: true }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(alias).toHaveAttribute('aria-invalid', 'true');
  await expect(alias).toHaveAccessibleDescription(say(words, 'refusal_aliasTaken'));

  // One of the account's short URLs: not "you already have a link to this page", but what it is.
  await alias.fill('');
  await url.fill(demo.shorturl);
  await expect(form.getByTestId('short-url-typed')).toBeVisible();
  await expect(form.getByTestId('existing-link-hint')).toHaveCount(0);
  await form.getByRole('button', { name: say(words, 'newLinkForm_createShortLink'), exact: true }).click();
  await expect(url).toHaveAccessibleDescription(say(words, 'refusal_urlPointsBack'));
  // Said once: the hint gives way to the field's error, and nothing goes to the service.
  await expect(form.getByTestId('short-url-typed')).toHaveCount(0);
  expect(await outboxSize(worker)).toBe(0);
  // Typed again, the hint offers the page it leads to.
  await url.fill('');
  await url.fill(demo.shorturl);
  await form.getByRole('button', { name: say(words, 'newLink_useLongUrl'), exact: true }).click();
  await expect(url).toHaveValue(demo.longurl);
});

// The options of the new link and QR code forms wait in closed groups; a refusal of a field in one
// must not hide there: its group opens by itself, and the keyboard is taken to the field.
test('a field error in a closed option group opens the group, at the field', async ({
  context,
  server,
  extensionUrl,
}) => {
  const words = await messagesOf('en');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);

  const closedAgain = async (group: ReturnType<typeof page.getByTestId>, fill: () => Promise<void>) => {
    const toggle = group.getByRole('button').first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await fill();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  };

  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: say(words, 'linkTablePage_newLink'), exact: true }).click();
  const linkDialog = page.getByTestId('new-link-dialog');
  await linkDialog.getByLabel(say(words, 'newLink_longUrl'), { exact: true }).fill('https://example.com/apps');
  const apps = linkDialog.getByTestId('group-apps');
  const store = apps.getByLabel(say(words, 'newLinkForm_appStoreUrl'), { exact: true });
  await closedAgain(apps, () => store.fill('not an address'));
  await expect(store).toBeHidden();
  await expect(apps.getByTestId('option-summary')).toHaveText(say(words, 'newLinkForm_appStoreUrl'));
  await linkDialog.getByRole('button', { name: say(words, 'newLinkForm_createShortLink'), exact: true }).click();
  await expect(apps.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  await expect(store).toBeVisible();
  await expect(store).toHaveAttribute('aria-invalid', 'true');
  await expect(store).toBeFocused();
  // Corrected, the group stays open under the person's hands.
  await store.fill('https://apps.apple.com/app/id1');
  await expect(store).not.toHaveAttribute('aria-invalid', 'true');
  await expect(store).toBeVisible();

  await page.goto(extensionUrl('dashboard.html#/qr'));
  await page.getByRole('button', { name: say(words, 'qrCodeForm_newQrCode'), exact: true }).click();
  const qrDialog = page.getByRole('dialog', { name: say(words, 'qrCodeForm_newQrCode') });
  await qrDialog.locator('input[type="url"]').first().fill('https://example.com/menu');
  const look = qrDialog.getByTestId('group-look');
  const logo = look.getByLabel(say(words, 'qrLookFields_logoUrl'), { exact: true });
  await closedAgain(look, () => logo.fill('https://example.com/logo.gif'));
  await expect(logo).toBeHidden();
  await qrDialog.getByRole('button', { name: say(words, 'qrCodeForm_createQrCode'), exact: true }).click();
  await expect(look.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('aria-invalid', 'true');
  await expect(logo).toBeFocused();
});
