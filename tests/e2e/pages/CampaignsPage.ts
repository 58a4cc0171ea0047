import { expect, type Page } from '@playwright/test';

/** The dashboard's Campaigns section, as a person uses it. */
export class CampaignsPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async open() {
    await this.page.goto(this.url);
  }

  newForm() {
    return this.page.getByRole('form', { name: 'New campaign' });
  }

  /** Opens "New campaign" unless its dialog is open already (a refused create keeps it open). */
  async create(fields: { name?: string; slug?: string; public?: boolean }) {
    const form = this.newForm();
    if (!(await form.isVisible())) await this.page.getByRole('button', { name: 'New campaign' }).first().click();
    if (fields.name !== undefined) await form.getByLabel('Campaign name').fill(fields.name);
    if (fields.slug !== undefined) await form.getByLabel('Rotator slug').fill(fields.slug);
    if (fields.public !== undefined) await form.getByRole('checkbox', { name: /^Public/ }).setChecked(fields.public);
    await form.getByRole('button', { name: 'Create campaign' }).click();
    // The dialog waits for the service's answer: it closes, or says why not beside a field or below.
    await expect
      // count() never waits: the dialog may close between two looks.
      .poll(
        async () =>
          (await form.count()) === 0 || (await form.locator('[aria-invalid="true"], [role="alert"]').count()) > 0,
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  row(name: string) {
    return this.page.getByTestId('campaign-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async edit(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    return this.page.getByRole('form', { name: `Edit ${name}` });
  }

  async openLinks(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Links of ${name}` })
      .click();
    return this.page.getByRole('form', { name: `Add a link to ${name}` });
  }

  /** Asks to delete, answers the app's dialog, and returns what the dialog said would happen. */
  async delete(name: string, answer: 'Delete' | 'Cancel' = 'Delete'): Promise<string> {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const asked = this.page.getByRole('dialog', { name: 'Delete campaign' });
    const said = await asked.locator('p').innerText();
    await asked.getByRole('button', { name: answer, exact: true }).click();
    await expect(asked).toHaveCount(0);
    return said;
  }
}
