import type { Locator, Page } from '@playwright/test';

/**
 * Every dashboard section by its route, with what shows it has its demo data on screen: the test id
 * of an element and which of them (the Firefox suite, tests/firefox, reads the same list).
 */
export const SECTION_MARKS: Record<string, { testId: string; nth: number }> = {
  links: { testId: 'link-row', nth: 2 },
  channels: { testId: 'channel-row', nth: 1 },
  campaigns: { testId: 'campaign-row', nth: 0 },
  qr: { testId: 'qr-image', nth: 0 },
  domains: { testId: 'domain-row', nth: 0 },
  catalog: { testId: 'splash-row', nth: 1 },
  pixels: { testId: 'pixel-row', nth: 1 },
  account: { testId: 'account-plan', nth: 0 },
  sync: { testId: 'sync-summary', nth: 0 },
  settings: { testId: 'connection-card', nth: 0 },
};

/** The same, as Playwright locators. */
export const DASHBOARD_SECTIONS: Record<string, (p: Page) => Locator> = Object.fromEntries(
  Object.entries(SECTION_MARKS).map(([route, { testId, nth }]) => [route, (p: Page) => p.getByTestId(testId).nth(nth)]),
);
