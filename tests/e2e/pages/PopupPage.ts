import { expect, type Page } from '@playwright/test';
import { inFront } from '../front';

/**
 * The popup, opened as a page. In tests the popup is its own active tab, so the page it is about
 * is passed the way the "Pop out" window does it: popup.html?tab=ID.
 */
export class PopupPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async openFor(tabId: number) {
    await this.page.goto(`${this.url}?tab=${tabId}`);
    await inFront(this.page);
  }

  shortenButton() {
    return this.page.getByRole('button', { name: 'Shorten this page' });
  }

  shortUrl() {
    return this.page.getByTestId('short-url');
  }

  recentLinks() {
    return this.page.getByTestId('recent-link');
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search your links' }).fill(text);
  }

  /** The switcher in the header, shown with two or more connections. */
  async switchConnection(label: string) {
    await this.page.getByRole('combobox', { name: 'Connection' }).selectOption({ label });
  }

  async expectReady() {
    await expect(this.page.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
  }
}
