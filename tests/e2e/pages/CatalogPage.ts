import type { Page } from '@playwright/test';

/** The dashboard's read-only list of CTA overlays and splash pages. */
export class CatalogPage {
  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  async open() {
    await this.page.goto(this.url);
  }

  overlayRows() {
    return this.page.getByTestId('overlay-row');
  }

  splashRows() {
    return this.page.getByTestId('splash-row');
  }
}
