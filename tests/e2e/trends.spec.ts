import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { expectFirstCopyDone } from './meta';
import { CampaignsPage } from './pages/CampaignsPage';
import { DashboardPage } from './pages/DashboardPage';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, makeLink, openTab, shortenFreshness } from './support';

/**
 * How links do over time, from the totals the refresh reads: clicks made through short URLs between
 * readings become the gains of the chart's periods (never its running total), the popup's gain and
 * the Trending order; clicks made before Linkpilot watched are one "before" figure.
 */

const DAY = 86_400_000;

async function connectAndCopy(page: Page, extensionUrl: (p: string) => string, server: RunningServer) {
  await connectExtension(page, extensionUrl, server);
  await expectFirstCopyDone(page);
}

/** The clicks each bar of a chart stands for, in the order drawn. */
async function barClicks(chart: ReturnType<Page['getByTestId']>): Promise<number[]> {
  return await chart
    .getByTestId('trend-bar')
    .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-clicks'))));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function click(shorturl: string, times: number) {
  for (let i = 0; i < times; i++) {
    const visit = await fetch(shorturl, { redirect: 'manual', headers: { 'x-country': 'DE' } });
    expect(visit.status).toBeGreaterThanOrEqual(300);
  }
}

test('clicks made while Linkpilot watches are the gain of their hour; what came before is one figure', async ({
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
  // Open details read again every 2 s, not every 40: the clicks below show within seconds.
  await shortenFreshness(worker, 2);
  await connectAndCopy(page, extensionUrl, server);

  // Three rounds: two clicks, then a reading (the popup refreshes its link's statistics as it opens).
  const { tabId } = await openTab(context, worker, web.url('/rising'));
  for (let round = 1; round <= 3; round++) {
    await click(rising, 2);
    const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
    await popup.openFor(tabId);
    await expect(popup.page.getByTestId('clicks')).toHaveText(String(round * 2));
    await popup.page.close();
  }

  // The link's details: clicks per hour from zero, the six clicks in the bars, the total beside them.
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('links');
  await page.getByTestId('link-row').filter({ hasText: 'rising' }).click();
  const detail = page.getByTestId('link-detail');
  const chart = detail.getByTestId('trend-chart');
  await expect(chart.getByTestId('trend-unit')).toHaveText('per hour');
  await expect.poll(async () => sum(await barClicks(chart))).toBe(6);
  await expect(chart.getByTestId('trend-gain')).toHaveText('+6 in this span');
  await expect(chart.getByTestId('trend-total')).toHaveText('6 clicks in all');
  // Made with none while watched: nothing came before.
  await expect(chart.getByTestId('trend-before')).toHaveCount(0);
  const ticks = await chart.getByTestId('trend-tick').allTextContents();
  expect(ticks.length).toBeGreaterThan(0);
  expect(new Set(ticks).size).toBe(ticks.length);
  // The keyboard names a period and its clicks; the same numbers are a table.
  await chart.getByTestId('trend-svg').focus();
  await expect(chart.getByTestId('trend-readout')).toContainText(':');
  await expect(chart.locator('table tbody tr')).toHaveCount((await barClicks(chart)).length);

  // Three more clicks while the details are open: a gain in the current hour, read by the next refresh.
  const before = await barClicks(chart);
  await click(rising, 3);
  await expect.poll(async () => sum(await barClicks(chart)), { timeout: 30_000 }).toBe(9);
  const after = await barClicks(chart);
  expect(after.at(-1)! - (before.length === after.length ? before.at(-1)! : 0)).toBe(3);

  // The popular link: its 10 clicks before Linkpilot watched are one figure, not a bar.
  await page.getByTestId('link-row').filter({ hasText: 'popular' }).click();
  const popularChart = detail.getByTestId('trend-chart');
  await expect(popularChart.getByTestId('trend-before')).toContainText('10 clicks');
  await expect(popularChart.getByTestId('trend-before')).toContainText('The service reports only totals');
  expect(sum(await barClicks(popularChart))).toBe(0);

  // Most clicks puts the popular link first; Trending the one that gained, with its gain; the column says since when.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption('clicks');
  await expect(page.getByTestId('link-row').first()).toContainText('popular');
  await expect(sort.locator('option[value="trending"]')).toHaveText(/^Trending \(clicks since /);
  await sort.selectOption('trending');
  await expect(page.getByTestId('link-row').first()).toContainText('rising');
  await expect(page.getByTestId('link-row').first().getByTestId('link-gain')).toHaveText('+9');
  // Recording began minutes ago: the column counts since then, and says so; no gain is a known 0, not a blank.
  await expect(page.getByTestId('gain-column')).toHaveText(/^Since /);
  await expect(page.getByTestId('gain-column')).toHaveAttribute('title', /recording since/);
  await expect(page.getByTestId('link-row').filter({ hasText: 'popular' }).getByTestId('link-gain')).toHaveText('0');

  // Two days later (the clock of every page from now on): every click since the link was watched, said "since", not "this week".
  const later = await context.newPage();
  await later.clock.install({ time: Date.now() + 2 * DAY });
  const popup = new PopupPage(later, extensionUrl('popup.html'));
  await popup.openFor(tabId);
  await expect(popup.page.getByTestId('week-gain')).toHaveText(/^\+9 since /);
  // The signed number is isolated left to right, so a right-to-left language keeps "+9", not "9+".
  await expect(popup.page.getByTestId('week-gain').locator('bdi[dir="ltr"]')).toHaveText('+9');
  await expect(popup.page.locator('.popup-trend svg.sparkline rect').first()).toBeAttached();
  await later.close();
});

for (const { language, code, dir, per, before } of [
  { language: 'en-US', code: 'en', dir: 'ltr', per: 'per hour', before: 'Before' },
  { language: 'de', code: 'de', dir: 'ltr', per: 'pro Stunde', before: 'Vor' },
  { language: 'ar', code: 'ar', dir: 'rtl', per: 'في الساعة', before: 'قبل' },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ uiLanguage: language });

    test(`the chart of a link in ${code}: gains per hour, the before figure, distinct ticks`, async ({
      context,
      server,
      extensionUrl,
      worker,
      web,
    }) => {
      test.setTimeout(120_000);
      const shorturl = await makeLink(server, web.url(`/chart-${code}`), `chart-${code}`);
      await click(shorturl, 4);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await shortenFreshness(worker, 2);
      await connectExtension(page, extensionUrl, server);
      await expectFirstCopyDone(page);
      await page.goto(extensionUrl('dashboard.html#/links'));
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await page
        .getByTestId('link-row')
        .filter({ hasText: `chart-${code}` })
        .click();
      const chart = page.getByTestId('link-detail').getByTestId('trend-chart');
      await expect(chart.getByTestId('trend-before')).toContainText(before);
      await click(shorturl, 3);
      await expect.poll(async () => sum(await barClicks(chart)), { timeout: 30_000 }).toBe(3);
      await expect(chart.getByTestId('trend-unit')).toHaveText(per);
      const ticks = await chart.getByTestId('trend-tick').allTextContents();
      expect(new Set(ticks).size).toBe(ticks.length);
      await chart.getByTestId('trend-svg').focus();
      await chart.getByTestId('trend-svg').press('End');
      await expect(chart.getByTestId('trend-readout')).toContainText('3');
      await keepScreenshot(chart, `trend-chart-${code}.png`);
      await keepScreenshot(page.getByTestId('link-detail'), `trend-detail-${code}.png`);
    });
  });
}

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

  // The channel: 6 clicks in all; its chart sums both links' gains per period (made with none).
  await dashboard.open('channels');
  await dashboard.channelRow('Launch').getByRole('button', { name: 'Items of Launch' }).click();
  const launch = dashboard.channelRow('Launch').getByTestId('links-history');
  await expect(launch.getByTestId('links-total-clicks')).toHaveText('6');
  const launchChart = launch.getByTestId('trend-chart');
  await expect(launchChart.getByRole('heading')).toHaveText('Clicks over time: links in Launch');
  await expect.poll(async () => sum(await barClicks(launchChart))).toBe(6);
  await expect(launchChart.getByTestId('trend-gain')).toHaveText('+6 in this span');
  await expect(launchChart.getByTestId('trend-total')).toHaveText('6 clicks in all');

  // The campaign: alpha alone.
  await campaigns.open();
  await campaigns.openLinks('Spring');
  const spring = campaigns.row('Spring').getByTestId('links-history');
  await expect(spring.getByTestId('links-total-clicks')).toHaveText('3');
  const springChart = spring.getByTestId('trend-chart');
  await expect.poll(async () => sum(await barClicks(springChart))).toBe(3);
  await expect(springChart.getByTestId('trend-gain')).toHaveText('+3 in this span');
});
