// `npm test`: everything, in the order that fails fastest: types, lint, unit, builds, contract, end to end.
// Everything before the contract tests runs without the local server, whose SQLite module may still be
// compiling on the other core (completeInstall). (The type check run beside the steps instead, also on
// a free core, saved nothing: every core is busy until the module is there.)
import { readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { completeInstall, ensureDependencies, run } from './ensure-deps.mjs';
import { findFirefox } from './firefox.mjs';

// Each step's wall time, printed at the end: where a run's minutes go, read from any CI log.
const took = [];
let current;
const step = (title) => {
  const now = Date.now();
  if (current) took.push([current.title, now - current.start]);
  current = { title, start: now };
  console.log(`\n── ${title} ──`);
};

step('packages and browsers (installed when missing)');
ensureDependencies();
const sqliteModule = completeInstall();
const chromium = findChromium();
const firefox = findFirefox();

step('typecheck');
run('npx', ['tsc', '--noEmit']);
step('lint and format (Biome: recommended rules and the house rules in biome.jsonc)');
run('npx', ['biome', 'ci', '--reporter=summary', '.']);
step('unit tests (vitest)');
run('npx', vitest('unit'));
step('build the extension');
run('npx', ['wxt', 'build']);
step('Firefox build and web-ext lint (errors and warnings fail)');
run('npx', ['wxt', 'build', '-b', 'firefox']);
run('npx', ['web-ext', 'lint', '--source-dir', '.output/firefox-mv2', '--no-input', '--warnings-as-errors']);
step('the built packages against the stores’ rules, and the contract tests against the local server (vitest)');
await sqliteModule;
run('npx', vitest('store', 'contract'));
step('end-to-end tests (Playwright + Chromium)');
run('npx', ['playwright', 'test'], { env: { CHROMIUM_PATH: chromium } });
step('end-to-end tests in Firefox (the Firefox build, puppeteer-core over WebDriver BiDi)');
run('npx', ['tsx', 'tests/firefox/run.ts'], { env: { FIREFOX_PATH: firefox } });
step('done');
for (const [title, ms] of took) console.log(`${(ms / 1000).toFixed(0).padStart(5)} s  ${title}`);
const counts = summarize();
console.log(
  `\nTests: ${counts.passed} passed, ${counts.failed} failed${counts.flaky ? ` (${counts.flaky} passed only when run again)` : ''}`,
);

/** Arguments for a vitest run of these projects, with its JSON report named after them. */
function vitest(...projects) {
  const report = `--outputFile.json=.reports/vitest-${projects.join('-')}.json`;
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    report,
  ];
}

/** One closing line over the runners, read from their JSON reports. */
function summarize() {
  const read = (file) => JSON.parse(readFileSync(`.reports/${file}`, 'utf8'));
  const suites = ['unit', 'store-contract'].map((projects) => read(`vitest-${projects}.json`));
  const playwright = read('playwright.json');
  const firefox = read('firefox.json');
  const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
  return {
    passed: sum('numPassedTests') + playwright.stats.expected + playwright.stats.flaky + firefox.passed,
    failed: sum('numFailedTests') + playwright.stats.unexpected + firefox.failed,
    flaky: playwright.stats.flaky,
  };
}
