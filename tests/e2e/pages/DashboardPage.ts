import { expect, type Page } from '@playwright/test';
import { inFront } from '../front';
import { readMeta } from '../meta';

/** The dashboard, section by section, as a person uses it. */
export class DashboardPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(section: 'links' | 'channels' | 'campaigns' | 'domains' | 'sync' | 'settings') {
    await this.page.goto(`${this.baseUrl}#/${section}`);
    await inFront(this.page);
  }

  async createChannel(name: string, color?: string) {
    // The first: an empty list offers the same button again.
    await this.page.getByRole('button', { name: 'New channel' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'New channel' });
    await dialog.getByLabel('Channel name').fill(name);
    if (color) await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill(color);
    await dialog.getByRole('button', { name: 'Create channel' }).click();
    // Written here first: the row shows once the change is safe in IndexedDB and queued.
    await this.channelRow(name).first().waitFor();
  }

  /** The switcher in the sidebar, shown with two or more connections. */
  async switchConnection(label: string) {
    await this.page.getByRole('combobox', { name: 'Connection' }).selectOption({ label });
  }

  linkRow(title: string) {
    return this.page.getByTestId('link-row').filter({ hasText: title });
  }

  channelRow(name: string) {
    return this.page.getByTestId('channel-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Adds a domain and waits until it is queued (the dialog closes) or refused at its field. */
  async addDomain(domain: string) {
    const dialog = this.page.getByRole('dialog', { name: 'Add a branded domain' });
    if (!(await dialog.isVisible())) await this.page.getByRole('button', { name: 'Add domain' }).first().click();
    const field = dialog.getByLabel('Domain', { exact: true });
    await field.fill(domain);
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    // Leaving the page sooner could cut off the write to IndexedDB.
    await expect
      // count() never waits: the dialog may close between two looks.
      .poll(async () => (await dialog.count()) === 0 || (await dialog.locator('[aria-invalid="true"]').count()) > 0)
      .toBe(true);
  }

  outboxEntries() {
    return this.page.getByTestId('outbox-entry');
  }

  /** "Sync now" in the sync centre, then waits until that full pull has ended and nothing is queued. */
  async syncNow() {
    await this.open('sync');
    const clicked = await this.page.evaluate(() => Date.now());
    await this.page.getByRole('button', { name: 'Sync now' }).click();
    const lastPull = async () =>
      ((await readMeta(this.page, 'pull:channelItems'))?.value as { lastPull?: number } | undefined)?.lastPull ?? 0;
    await expect.poll(lastPull, { timeout: 30_000 }).toBeGreaterThanOrEqual(clicked);
    await this.expectInSync();
  }

  async expectInSync() {
    // Reloading the sync centre it is already on would only cut off what a click there started.
    if (!this.page.url().endsWith('#/sync')) await this.open('sync');
    await expect(this.page.getByText('Everything is saved on the service.')).toBeVisible({ timeout: 30_000 });
  }
}
