import { expect, type Page } from '@playwright/test';

/** The dashboard's QR codes section: the create form, the list and a code's details. */
export class QrCodesPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async open() {
    await this.page.goto(this.url);
  }

  form() {
    return this.page.getByRole('form', { name: 'New QR code' });
  }

  preview() {
    return this.form().getByRole('img', { name: 'Preview of the new QR code' });
  }

  /** Opens "New QR code" unless its dialog is open already (a refused save keeps it open). */
  async openForm() {
    if (!(await this.form().isVisible())) await this.page.getByRole('button', { name: 'New QR code' }).first().click();
    await this.form().waitFor();
  }

  /** Chooses the type and fills the labelled fields of the form (data fields and name alike). */
  async fill(type: string, fields: Record<string, string>) {
    await this.openForm();
    const form = this.form();
    await form.getByLabel('QR type').selectOption(type);
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  }

  /** Saves, and waits for the service's answer: the dialog closes, or says why not. */
  async submit() {
    await this.form().getByRole('button', { name: 'Create QR code' }).click();
    await expect
      // count() never waits: the dialog may close between two looks.
      .poll(
        async () =>
          (await this.form().count()) === 0 || (await this.form().locator('[role="status"]:not(:empty)').count()) > 0,
      )
      .toBe(true);
  }

  row(name: string) {
    return this.page.getByTestId('qr-row').filter({ has: this.page.getByRole('button', { name, exact: true }) });
  }

  async openDetail(name: string) {
    await this.row(name).getByRole('button', { name, exact: true }).click();
    return this.row(name).getByTestId('qr-detail');
  }
}
