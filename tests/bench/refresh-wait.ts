/**
 * How long "Shorten this page" takes, click to short URL on screen, in headless Chromium with the
 * built extension and 100,000 links mirrored, against the local server at the real limit of 30
 * requests a minute: with background refresh off (share 0 %), during the reconcile walk at full
 * share (100 %), and during a full walk someone asked for (Sync now), the densest background work
 * there is. Shortens are spaced as a person's are, a few seconds apart.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startServer } from '../../server/start';
import { PopupPage } from '../e2e/pages/PopupPage';
import { openTab } from '../e2e/support';
import { startWebPages, type WebPages } from '../e2e/web-pages';
import { connectedExtension } from './extension';
import { median } from './report';
import { insertLinks } from './seed';

const LINKS = 100_000;
const SHORTENS = 12;
/** The comparison of refresh off and at full share takes turns: this many of each. */
const TURNS_EACH = 12;
const SPACING_MS = 6_000;

export interface WaitFigures {
  idleMs: number[];
  reconcileMs: number[];
  fullWalkMs: number[];
}

async function setShare(worker: Worker, percent: number): Promise<void> {
  await worker.evaluate((p) => chrome.storage.local.set({ 'refresh-share-percent': p }), percent);
}

async function shortenOnce(context: BrowserContext, worker: Worker, popupUrl: string, pageUrl: string) {
  const { page: tab, tabId } = await openTab(context, worker, pageUrl);
  const popup = new PopupPage(await context.newPage(), popupUrl);
  try {
    await popup.openFor(tabId);
    await popup.expectReady();
    const started = Date.now();
    await popup.shortenButton().click();
    await popup.shortUrl().waitFor({ timeout: 120_000 });
    return Date.now() - started;
  } finally {
    await popup.page.close();
    await tab.close();
  }
}

/**
 * Shortens `count` pages a few seconds apart; before each, `before(i)` sets the scene. Alternating
 * scenes in one series keeps the machine's changing load out of the comparison.
 */
async function series(
  context: BrowserContext,
  worker: Worker,
  popupUrl: string,
  web: WebPages,
  name: string,
  count: number,
  before: (i: number) => Promise<void> = async () => {},
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = Date.now();
    await before(i);
    times.push(await shortenOnce(context, worker, popupUrl, web.url(`/${name}/${i}`)));
    await new Promise((r) => setTimeout(r, Math.max(0, SPACING_MS - (Date.now() - started))));
  }
  return times;
}

async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sync now' }).click();
}

export async function shortenWaits(): Promise<WaitFigures> {
  const server = await startServer({ port: 0, db: ':memory:', rateLimit: 1_000_000, rateWindowSec: 60, demo: false });
  const account = server.createAccount({ email: 'bench@linkpilot.test' });
  insertLinks(server, account.id, LINKS);
  const web = await startWebPages();
  const { context, worker, extensionId, page } = await connectedExtension(
    Object.assign(server, { apiKey: account.apiKey }),
    900_000,
  );
  try {
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    await setShare(worker, 0);
    server.setRateLimit(30, 60);
    // The window the first copy ran in ends before the service's real limit applies.
    await new Promise((r) => setTimeout(r, 61_000));
    await shortenOnce(context, worker, popupUrl, web.url('/warm-up'));
    // Refresh off (share 0 %) and the walk at full share (100 %), taking turns.
    const turns = await series(context, worker, popupUrl, web, 'turns', 2 * TURNS_EACH, (i) =>
      setShare(worker, i % 2 ? 100 : 0),
    );
    const idleMs = turns.filter((_, i) => i % 2 === 0);
    const reconcileMs = turns.filter((_, i) => i % 2 === 1);
    await page.goto(`chrome-extension://${extensionId}/dashboard.html#/sync`);
    await syncNow(page);
    const fullWalkMs = await series(context, worker, popupUrl, web, 'full-walk', SHORTENS);
    return { idleMs, reconcileMs, fullWalkMs };
  } finally {
    await context.close();
    await web.close();
    await server.close();
  }
}

export const waitRatio = (busy: number[], idle: number[]) => median(busy) / median(idle);

/**
 * Each busy shorten over the idle one just before it, the median of those: the machine's load, which
 * changes from minute to minute, falls on both of a pair alike. With six turns a side, the ratio of
 * the two medians moved by a third between runs of the same build (0.79 and 1.24).
 */
export const pairedWaitRatio = (busy: number[], idle: number[]) => median(busy.map((b, i) => b / idle[i]!));
