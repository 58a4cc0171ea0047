import type { RunningServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectAccessible } from './axe';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { readMeta } from './meta';
import { QrCodesPage } from './pages/QrCodesPage';
import { connectExtension, outboxEntries, serverList } from './support';

/**
 * "Change where it leads": a printed QR code keeps its address and its scans, and a scan of it goes
 * where it was re-pointed. The code is made at the service (its own web app, say), so this browser
 * does not know what it holds until it is re-pointed here.
 */

interface ServerQr {
  id: number;
  name: string;
  link: string;
  scans: number;
}

const MDN = 'https://developer.mozilla.org/en-US/docs/Web/HTTP';

/** A link code made at the service, not here, and scanned twice already. */
async function printedCode(server: RunningServer): Promise<ServerQr> {
  const made = await fetch(`${server.url}/api/qr/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'link', data: 'https://example.com/spring-menu', name: 'Spring menu' }),
  });
  const { id } = (await made.json()) as { id: number };
  const code = (await serverList<ServerQr>(server, '/api/qr', 'qrs')).find((q) => q.id === id)!;
  for (let scan = 0; scan < 2; scan++) await fetch(code.link, { redirect: 'manual' });
  return { ...code, scans: 2 };
}

/** Where the code's address sends a scan now (the local service redirects a link code). */
async function scanned(code: ServerQr): Promise<string | null> {
  const answer = await fetch(code.link, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return answer.headers.get('location');
}

for (const { language, code: lang, dir } of [
  { language: 'en-US', code: 'en', dir: 'ltr' },
  { language: 'de', code: 'de', dir: 'ltr' },
  { language: 'ar', code: 'ar', dir: 'rtl' },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ uiLanguage: language });

    test('a QR code re-pointed from its details: its printed address leads to the new destination, its scans kept', async ({
      context,
      worker,
      server,
      extensionUrl,
    }) => {
      const words = await messagesOf(lang);
      const code = await printedCode(server);
      const mdnLink = (await serverList<{ longurl: string; shorturl: string }>(server, '/api/urls', 'urls')).find(
        (l) => l.longurl === MDN,
      )!;
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await connectExtension(page, extensionUrl, server);
      const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
      await qr.open();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const detail = await qr.openDetail('Spring menu');
      const destination = detail.getByTestId('qr-destination');
      await expect(destination.getByRole('heading')).toHaveText(words.qrDestination_heading!);
      // Made at the service: what it holds is not listed, and that is said rather than guessed.
      await expect(destination.getByTestId('qr-destination-unknown')).toHaveText(words.qrDestination_madeElsewhere!);

      await destination.getByRole('button', { name: words.qrDestination_change, exact: true }).click();
      const dialog = page.getByTestId('repoint-qr-dialog');
      const form = dialog.getByRole('form', { name: words.qrDestination_change });
      // The printed code stays: its own address is named, and nothing of the old content is claimed.
      await expect(form.getByTestId('qr-repoint-stays')).toContainText(code.link.replace(/^https?:\/\//, ''));
      await expect(form.getByTestId('qr-repoint-unknown')).toHaveText(words.qrDestination_replacesUnknown!);
      await expect(form.getByLabel(words.qrCodeForm_qrType!, { exact: true })).toHaveValue('link');
      const url = form.getByLabel(words.qr_single_link!, { exact: true });
      await expect(url).toHaveValue('');

      // The service refuses an address that leads back into itself: at the field, in the person's language.
      await url.fill(`${server.url}/elsewhere`);
      await form.getByRole('button', { name: words.qrDestination_save, exact: true }).click();
      await expect(form.getByText(words.qrDestination_pointsBack!, { exact: true })).toBeVisible({ timeout: 10_000 });
      await expect(url).toHaveAttribute('aria-invalid', 'true');
      await expect(url).toBeFocused();
      expect(await outboxEntries(worker)).toEqual([]);

      await url.fill(MDN);
      await expect(form.getByText(words.qrDestination_pointsBack!, { exact: true })).toHaveCount(0);
      await keepScreenshot(page, `qr-repoint-form-${lang}.png`);
      await expectAccessible(page);
      await form.getByRole('button', { name: words.qrDestination_save, exact: true }).click();
      await expect(dialog).toHaveCount(0, { timeout: 10_000 });
      await expectOutboxDrained(worker);
      await expect(destination.getByTestId('qr-repoint-note')).toHaveText(words.qrDestination_saved!);

      // The details now show where it leads, as a link, with the short link that goes there too.
      const content = destination.getByTestId('qr-destination-content');
      await expect(content.getByRole('link', { name: MDN })).toHaveAttribute('href', MDN);
      await expect(content.getByTestId('qr-destination-short-link')).toHaveText(
        mdnLink.shorturl.replace(/^https?:\/\//, ''),
      );
      await keepScreenshot(qr.row('Spring menu'), `qr-destination-${lang}.png`);
      await expectAccessible(page);

      // The same code at the same address, its scans kept; a scan of it goes to the new destination.
      expect((await serverList<ServerQr>(server, '/api/qr', 'qrs')).find((q) => q.id === code.id)).toEqual({
        ...code,
        date: expect.any(String),
      });
      expect(await scanned(code)).toBe(MDN);
      expect((await serverList<ServerQr>(server, '/api/qr', 'qrs')).find((q) => q.id === code.id)?.scans).toBe(3);
    });
  });
}

test.describe('a service without edits', () => {
  test.use({ serverOptions: { edits: false } });

  test('a Wi-Fi code shows its network, password hidden, and says why it cannot be re-pointed; a re-point the service lacks is taken back', async ({
    context,
    worker,
    server,
    extensionUrl,
  }) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await connectExtension(page, extensionUrl, server);
    const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
    await qr.open();
    // A code made here shows what it holds in full, wrapped between words, never cut.
    const hours = `Open Monday to Friday from nine to five, Saturdays until noon. ${'Closed on public holidays. '.repeat(6)}Ask at the counter for the allergen list.`;
    await qr.fill('text', { Text: hours, Name: 'Opening hours' });
    await qr.submit();
    const text = (await qr.openDetail('Opening hours')).getByTestId('qr-destination-content');
    await expect(text.locator('[data-field="qr.single.text"]')).toHaveText(hours.trim());
    await keepScreenshot(qr.row('Opening hours'), 'qr-destination-text-en.png');
    await qr.fill('wifi', { 'Network name (SSID)': 'Cafe', 'Wi-Fi password': 'espresso1', Name: 'Cafe Wi-Fi' });
    await qr.submit();
    await expect(qr.row('Cafe Wi-Fi')).toHaveCount(1);
    const wifi = (await qr.openDetail('Cafe Wi-Fi')).getByTestId('qr-destination');
    const facts = wifi.getByTestId('qr-destination-content');
    await expect(facts.locator('[data-field="qrWifiFields.networkNameSsid"]')).toHaveText('Cafe');
    await expect(facts.locator('[data-field="qrWifiFields.encryption"]')).toHaveText('WPA/WPA2/WPA3');
    // Never in clear unless asked for.
    await expect(facts).not.toContainText('espresso1');
    await facts.getByRole('button', { name: 'Show password' }).click();
    await expect(facts.getByTestId('qr-secret')).toHaveText('espresso1');
    await facts.getByRole('button', { name: 'Hide password' }).click();
    await expect(facts).not.toContainText('espresso1');
    const blocked = wifi.getByRole('button', { name: 'Change where it leads' });
    await expect(blocked).toBeDisabled();
    await expect(blocked).toHaveAccessibleDescription(/^A Wi-Fi code holds the network itself/);
    await expectOutboxDrained(worker);

    // The demo's code: the service has no edit route, which it says only when asked.
    const menu = (await qr.openDetail('Menu card')).getByTestId('qr-destination');
    await menu.getByRole('button', { name: 'Change where it leads' }).click();
    const form = page.getByTestId('repoint-qr-dialog').getByRole('form', { name: 'Change where it leads' });
    await form.getByLabel('URL', { exact: true }).fill('https://example.com/summer-menu');
    await form.getByRole('button', { name: 'Save new destination' }).click();
    await expect(page.getByTestId('repoint-qr-dialog')).toHaveCount(0, { timeout: 10_000 });
    await expect(menu.getByTestId('qr-repoint-absent')).toHaveText(
      'This service does not allow changing where a QR code leads.',
    );
    const change = menu.getByRole('button', { name: 'Change where it leads' });
    await expect(change).toBeDisabled();
    await expect(change).toHaveAccessibleDescription('This service does not allow changing where a QR code leads.');
    // Taken back: nothing claimed, nothing queued, the service's code as it was.
    await expect(menu.getByTestId('qr-destination-unknown')).toBeVisible();
    expect(await outboxEntries(worker)).toEqual([]);
    expect(await readMeta(page, 'capability:qrEdit')).toMatchObject({ value: 'absent' });
    const stored = server.db.prepare("SELECT data FROM qr_codes WHERE name = 'Menu card'").get() as { data: string };
    expect(JSON.parse(stored.data)).toBe('https://example.com/menu');
  });
});
