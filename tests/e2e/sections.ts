import type { Locator, Page } from '@playwright/test';

/** Every dashboard section by its route, with what shows it has its demo data on screen. */
export const DASHBOARD_SECTIONS: Record<string, (p: Page) => Locator> = {
  links: (p) => p.getByTestId('link-row').nth(2),
  channels: (p) => p.getByTestId('channel-row').nth(1),
  campaigns: (p) => p.getByTestId('campaign-row').first(),
  qr: (p) => p.getByTestId('qr-image').first(),
  domains: (p) => p.getByTestId('domain-row').first(),
  catalog: (p) => p.getByTestId('splash-row').nth(1),
  account: (p) => p.getByTestId('account-plan'),
  sync: (p) => p.getByTestId('sync-summary'),
  settings: (p) => p.getByTestId('connection-card'),
};
