/**
 * npm run bench:popup — the popup opened to interactive (the live recent list painted) with 10,000 links
 * mirrored and with none, median of 10 openings each, in headless Chromium with the built
 * extension; and the gzipped size of the popup's initial JavaScript.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../server/start';
import { EXTENSION_DIR } from '../e2e/browser';
import { connectedExtension, popupPaintsMs } from './extension';
import { median, report } from './report';
import { seedLinks } from './seed';

const OPENINGS = 10;

async function measure(linkCount: number): Promise<number> {
  const server = await startServer({ port: 0, db: ':memory:', rateLimit: 100_000, rateWindowSec: 60, demo: false });
  const key = server.createAccount({ email: 'bench@linkpilot.test' }).apiKey;
  const withKey = Object.assign(server, { apiKey: key });
  await seedLinks(withKey, linkCount);
  const { context, extensionId, page } = await connectedExtension(withKey);
  try {
    const url = `chrome-extension://${extensionId}/popup.html`;
    await popupPaintsMs(context, url); // warm-up: first load compiles the bundle
    const times: number[] = [];
    for (let i = 0; i < OPENINGS; i++) times.push((await popupPaintsMs(context, url)).live);
    await page.close();
    return median(times);
  } finally {
    await context.close();
    await server.close();
  }
}

/**
 * The popup's initial JavaScript: every script and module preload the page names, and the module entry
 * its boot script imports after the first paint (`data-main`: components/ui/first-paint-html.ts) with
 * the modules that entry imports, statically, in turn.
 */
function popupJsGzipKb(): number {
  const html = readFileSync(path.join(EXTENSION_DIR, 'popup.html'), 'utf8');
  const named = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)];
  const files = new Set(named.map((m) => m[1]!.replace(/^\//, '')));
  for (const entry of html.matchAll(/ data-main="\/([^"]+)"/g)) files.add(entry[1]!);
  let bytes = 0;
  for (const file of files) {
    const code = readFileSync(path.join(EXTENSION_DIR, file));
    bytes += gzipSync(code).length;
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` loads later.
    for (const m of code.toString('utf8').matchAll(/(?:\bimport|\bfrom)\s*"(\.\/[^"]+\.js)"/g)) {
      files.add(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  }
  return bytes / 1024;
}

const full = await measure(10_000);
const empty = await measure(0);
// The milliseconds move with the machine's load; the ratio to the empty popup beside them is what holds.
report('popup.ready_ms_10k', full, 'ms', { openings: OPENINGS });
report('popup.ready_ms_empty', empty, 'ms', { openings: OPENINGS });
report('popup.ready_ratio_10k_vs_empty', full / empty, 'ratio', { goal: '<= 1.5' });
report('popup.js_gzip_kb', popupJsGzipKb(), 'KiB', { goal: '<= 150' });
