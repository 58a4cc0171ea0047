import { expect, type Page } from '@playwright/test';

/** The Settings section of the dashboard, as a person uses it. */
export class SettingsPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async open() {
    await this.page.goto(this.url);
    await expect(
      this.page.getByRole('heading', { name: /^(Settings|Connect Linkpilot to your link service)$/ }),
    ).toBeVisible();
  }

  /** Connected, the form is folded behind Change; connecting again opens it first. */
  async connect(serviceUrl: string, apiKey: string) {
    const change = this.page.getByRole('button', { name: 'Change', exact: true });
    const url = this.page.getByLabel('Service URL');
    // The card with Change, or the form itself (not connected, or the key refused): whichever the page shows.
    await expect(change.or(url)).toBeVisible();
    if (await change.isVisible()) await change.click();
    await url.fill(serviceUrl);
    await this.page.getByLabel('API key', { exact: true }).fill(apiKey);
    await this.page.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  /** Adds another connection from "Other connections"; it waits beside the active one, and the page offers the switch. */
  async addConnection(serviceUrl: string, apiKey: string) {
    const others = this.page.getByTestId('other-connections');
    await others.getByRole('button', { name: 'Add a connection' }).click();
    await others.getByLabel('Service URL').fill(serviceUrl);
    await others.getByLabel('API key', { exact: true }).fill(apiKey);
    await others.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  accountEmail() {
    return this.page.getByTestId('account-email');
  }

  error() {
    return this.page.getByRole('alert');
  }
}
