import type { Page } from '@playwright/test';

/** The dashboard's Account section: the profile and the two confirmed-change forms. */
export class AccountPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async open() {
    await this.page.goto(this.url);
  }

  emailForm() {
    return this.page.getByRole('form', { name: 'Change e-mail address' });
  }

  passwordForm() {
    return this.page.getByRole('form', { name: 'Change password' });
  }

  async changeEmail(email: string, confirmation = email) {
    const form = this.emailForm();
    await form.getByLabel('New e-mail address', { exact: true }).fill(email);
    await form.getByLabel('Confirm new e-mail address').fill(confirmation);
    await form.getByRole('button', { name: 'Change e-mail address' }).click();
  }

  async changePassword(password: string, confirmation = password) {
    const form = this.passwordForm();
    await form.getByLabel('New password', { exact: true }).fill(password);
    await form.getByLabel('Confirm new password').fill(confirmation);
    await form.getByRole('button', { name: 'Change password' }).click();
  }
}
