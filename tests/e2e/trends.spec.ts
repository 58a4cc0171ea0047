import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expect, test } from './fixtures';
import { readMeta } from './meta';
import { CampaignsPage } from './pages/CampaignsPage';
import { DashboardPage } from './pages/DashboardPage';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, openTab } from './support';

/**
 * How links do over time, from the totals the refresh reads: clicks made through short URLs between
 * readings become points of the link's chart, the popup's "+N this week" and the Trending order.
 */

const DAY = 86_400_000;

async function connectAndCopy(page: Page, extensionUrl: (p: string) => string, server: RunningServer) {
  await connectExtension(page, extensionUrl, server);
  await expect.poll(async () => (await readMeta(page, 'pull:cursor'))?.value, { timeout: 30_000 }).toBeNull();
}

async function makeLink(server: RunningServer, url: string, custom: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, custom, metatitle: custom }),
  });
  return ((await answer.json()) as { shorturl: string }).shorturl;
}

async function click(shorturl: string, times: number) {
  for (let i = 0; i < times; i++) {
    const visit = await fetch(shorturl, { redirect: 'manual', headers: { 'x-country': 'DE' } });
    expect(visit.status).toBeGreaterThanOrEqual(300);
  }
}

test('clicks over a few readings become chart points, the week’s gain in the popup, and the Trending order', async ({
  context,
  server,
  extensionUrl,
  worker,
  web,
}) => {
  test.setTimeout(120_000);
  const rising = await makeLink(server, web.url('/rising'), 'rising');
  const popular = await makeLink(server, web.url('/popular'), 'popular');
  // The popular link's clicks came before Linkpilot watched: its total, never a gain.
  await click(popular, 10);
  const page = await context.newPage();
  await connectAndCopy(page, extensionUrl, server);

  // Three rounds: two clicks, then a reading (the popup refreshes its link's statistics as it opens).
  const { tabId } = await openTab(context, worker, web.url('/rising'));
  for (let round = 1; round <= 3; round++) {
    await click(rising, 2);
    const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
    await popup.openFor(tabId);
    await expect(popup.page.getByTestId('clicks')).toHaveText(String(round * 2));
    // Less than a day of history: no sparkline, no gain.
    await expect(popup.page.getByTestId('current-link')).toBeVisible();
    await expect(popup.page.getByTestId('popup-trend')).toHaveCount(0);
    await popup.page.close();
  }

  // Two days later (the popup's clock): the week's gain is every click since the link was watched.
  const later = await context.newPage();
  await later.clock.install({ time: Date.now() + 2 * DAY });
  const popup = new PopupPage(later, extensionUrl('popup.html'));
  await popup.openFor(tabId);
  await expect(popup.page.getByTestId('week-gain')).toHaveText('+6 this week');
  // The signed number is isolated left to right, so a right-to-left language keeps "+6", not "6+".
  await expect(popup.page.getByTestId('week-gain').locator('bdi[dir="ltr"]')).toHaveText('+6');
  await expect(popup.page.locator('.popup-trend svg.sparkline path')).toHaveAttribute('d', /V/);

  // The link's details: one point per total read (0 when made, then 2, 4, 6), also as a table.
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('links');
  await page.getByTestId('link-row').filter({ hasText: 'rising' }).click();
  const detail = page.getByTestId('link-detail');
  const chart = detail.getByTestId('trend-chart');
  await expect(chart.getByTestId('trend-point')).toHaveCount(4);
  await expect(chart.locator('table tbody tr td:nth-child(2)')).toHaveText(['0', '2', '4', '6']);
  await expect(chart.getByTestId('trend-gain')).toHaveText('+6 in this span');
  await expect(chart.getByTestId('trend-since')).toContainText('since');
  await chart.getByRole('button', { name: '7 days' }).click();
  await expect(chart.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByTestId('trend-point')).toHaveCount(4);

  // Most clicks puts the popular link first; Trending the one that gained this week, with its gain.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption('clicks');
  await expect(page.getByTestId('link-row').first()).toContainText('popular');
  await sort.selectOption('trending');
  await expect(page.getByTestId('link-row').first()).toContainText('rising');
  await expect(page.getByTestId('link-row').first().getByTestId('link-gain')).toHaveText('+6');
  await expect(page.getByTestId('link-row').filter({ hasText: 'popular' }).getByTestId('link-gain')).toHaveText('');
});

test('a channel’s and a campaign’s links: their total clicks, and the chart of their sum over the readings', async ({
  context,
  server,
  extensionUrl,
  web,
}) => {
  test.setTimeout(120_000);
  const alpha = await makeLink(server, web.url('/alpha'), 'alpha');
  const beta = await makeLink(server, web.url('/beta'), 'beta');
  const page = await context.newPage();
  await connectAndCopy(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));

  // A channel with both links; a campaign with alpha alone.
  await dashboard.open('channels');
  await dashboard.createChannel('Launch');
  await dashboard.channelRow('Launch').getByRole('button', { name: 'Items of Launch' }).click();
  const items = dashboard.channelRow('Launch').getByTestId('channel-items');
  for (const title of ['alpha', 'beta']) {
    await items.getByLabel('Add to Launch').selectOption({ label: title });
    await items.getByRole('button', { name: 'Add' }).click();
  }
  await expect(items.getByTestId('channel-item')).toHaveCount(2);
  const campaigns = new CampaignsPage(page, extensionUrl('dashboard.html#/campaigns'));
  await campaigns.open();
  await campaigns.create({ name: 'Spring' });
  const form = await campaigns.openLinks('Spring');
  await form.getByLabel('Link to add to Spring').selectOption({ label: 'alpha' });
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(campaigns.row('Spring').getByTestId('campaign-link')).toHaveText([/alpha/]);
  await dashboard.expectInSync();

  // Two readings of every link's total (Sync now): alpha 2 and beta 3, then alpha 1 more.
  await click(alpha, 2);
  await click(beta, 3);
  await dashboard.syncNow();
  await click(alpha, 1);
  await dashboard.syncNow();

  // The channel: 6 clicks in all; its chart sums both links from when both are known (made with none).
  await dashboard.open('channels');
  await dashboard.channelRow('Launch').getByRole('button', { name: 'Items of Launch' }).click();
  const launch = dashboard.channelRow('Launch').getByTestId('links-history');
  await expect(launch.getByTestId('links-total-clicks')).toHaveText('6');
  const launchChart = launch.getByTestId('trend-chart');
  await expect(launchChart.getByRole('heading')).toHaveText('Clicks over time: links in Launch');
  await expect(launchChart.locator('table tbody tr td:nth-child(2)')).toHaveText(['0', '5', '6']);
  await expect(launchChart.getByTestId('trend-point')).toHaveCount(3);
  await expect(launchChart.getByTestId('trend-gain')).toHaveText('+6 in this span');

  // The campaign: alpha alone.
  await campaigns.open();
  await campaigns.openLinks('Spring');
  const spring = campaigns.row('Spring').getByTestId('links-history');
  await expect(spring.getByTestId('links-total-clicks')).toHaveText('3');
  const springChart = spring.getByTestId('trend-chart');
  await expect(springChart.locator('table tbody tr td:nth-child(2)')).toHaveText(['0', '2', '3']);
  await expect(springChart.getByTestId('trend-gain')).toHaveText('+3 in this span');
});
