/**
 * npm run bench:dashboard — the dashboard's links table with 100,000 links mirrored, in headless
 * Chromium with the built extension: navigation start → first rows on screen (median of 9), against
 * the same at 1,000 links in the same run (flat in N: the first screen reads only what it shows), the
 * in-memory search index built in the background after that, and a search keystroke → updated
 * results (median over 10 queries) once the index is there, against the same at 1,000 links.
 */
import type { Page } from '@playwright/test';
import { startServer } from '../../server/start';
import { connectedExtension } from './extension';
import { median, report } from './report';
import { insertLinks } from './seed';

const LINKS = 100_000;
const SMALL = 1_000;
/** Openings at each size: single openings moved by a fifth from one to the next on this machine. */
const OPENINGS = 9;

/**
 * One opening's first rows. It is left only once its work after them (the count, the search index read
 * in the background) is done, as a person leaves a dashboard they used: the next opening is measured,
 * not the last one's reads. Left at once, a 100k opening's count and index reads (about 65,000 cursor
 * steps in the browser's IndexedDB, a trace showed) were still running through the next opening.
 */
async function readyMs(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('linkpilot:links-ready').length > 0, undefined, {
    timeout: 30_000,
  });
  const ready = await page.evaluate(() => performance.getEntriesByName('linkpilot:links-ready')[0]!.startTime);
  await page.waitForFunction(() => performance.getEntriesByName('linkpilot:search-index-build').length > 0, undefined, {
    timeout: 60_000,
  });
  return ready;
}

/** Types all but the last character, waits, then measures the last keystroke to rendered results. */
async function keystrokeMs(page: Page, query: string): Promise<number> {
  const box = page.getByLabel('Search', { exact: true });
  await box.fill(query.slice(0, -1));
  await page.waitForFunction(
    (q) => performance.getEntriesByName(`linkpilot:links-rendered:${q}`).length > 0,
    query.slice(0, -1),
    { timeout: 30_000 },
  );
  await box.press(query.slice(-1));
  await page.waitForFunction((q) => performance.getEntriesByName(`linkpilot:links-rendered:${q}`).length > 0, query, {
    timeout: 30_000,
  });
  return page.evaluate((q) => {
    const typed = performance.getEntriesByName(`linkpilot:search-typed:${q}`)[0]!.startTime;
    const rendered = performance.getEntriesByName(`linkpilot:links-rendered:${q}`)[0]!.startTime;
    return rendered - typed;
  }, query);
}

/** The dashboard with `links` links mirrored: its first rows' time (median of OPENINGS), and its searches at 100k. */
async function measure(links: number, searchesToo: boolean) {
  const server = await startServer({ port: 0, db: ':memory:', rateLimit: 1_000_000, rateWindowSec: 60, demo: false });
  const account = server.createAccount({ email: 'bench@linkpilot.test' });
  insertLinks(server, account.id, links);
  const started = Date.now();
  const { context, extensionId, page } = await connectedExtension(
    Object.assign(server, { apiKey: account.apiKey }),
    900_000,
  );
  const mirrorSeconds = (Date.now() - started) / 1000;
  try {
    const url = `chrome-extension://${extensionId}/dashboard.html#/links`;
    await readyMs(page, url);
    const ready: number[] = [];
    for (let i = 0; i < OPENINGS; i++) ready.push(await readyMs(page, url));
    if (!searchesToo) return { ready, mirrorSeconds };
    // The last opening has been left open until its search index was built (its time is reported).
    const indexMs = await page.evaluate(
      () => performance.getEntriesByName('linkpilot:search-index-build')[0]!.duration,
    );
    const searches: number[] = [];
    for (const q of QUERIES) searches.push(await keystrokeMs(page, q));
    return { ready, mirrorSeconds, indexMs, searches };
  } finally {
    await context.close();
    await server.close();
  }
}

const QUERIES = [
  'news',
  'recipe 12',
  'travel',
  'guide story',
  'example',
  'podcast 99',
  'music',
  'garden',
  'blog stor',
  'video 5',
];

// The same opening at 1k in the same run: the ratio is what holds on a loaded machine, where the
// milliseconds move with whatever else runs.
const small = await measure(SMALL, true);
const large = await measure(LINKS, true);
report('dashboard.links_ready_ms_1k', median(small.ready), 'ms', { openings: small.ready.length });
report('dashboard.links_ready_ms_100k', median(large.ready), 'ms', {
  goal: '<= 400',
  openings: large.ready.length,
  mirror_seconds: large.mirrorSeconds,
});
report('dashboard.links_ready_100k_vs_1k', median(large.ready) / median(small.ready), 'ratio', { goal: '<= 1.3' });
report('dashboard.search_index_build_ms_100k', Math.round(large.indexMs!), 'ms', {
  note: 'background, after the first rows; searches go to IndexedDB meanwhile',
});
report('dashboard.search_ms_1k', median(small.searches!), 'ms', { queries: small.searches!.length });
report('dashboard.search_ms_100k', median(large.searches!), 'ms', {
  queries: large.searches!.length,
  max: Math.max(...large.searches!),
});
// What holds: the same keystrokes at 1k in the same run. A search reads the word index and draws as
// many rows at either size; a hundred times the links may cost it at most twice the time.
report('dashboard.search_100k_vs_1k', median(large.searches!) / median(small.searches!), 'ratio', { goal: '<= 2' });
