// `npm test`: everything, in the order that fails fastest: types, lint, unit, contract, build, end to end.
import { readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { ensureDependencies, run } from './ensure-deps.mjs';
import { findFirefox } from './firefox.mjs';

ensureDependencies();
const chromium = findChromium();
const firefox = findFirefox();
const step = (title) => console.log(`\n── ${title} ──`);

step('typecheck');
run('npx', ['tsc', '--noEmit']);
step('lint and format (Biome: recommended rules and the house rules in biome.jsonc)');
run('npx', ['biome', 'ci', '--reporter=summary', '.']);
step('unit and contract tests (vitest)');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.reports/vitest.json']);
step('build the extension');
run('npx', ['wxt', 'build']);
step('Firefox build and web-ext lint (errors fail, warnings are listed)');
run('npx', ['wxt', 'build', '-b', 'firefox']);
run('npx', ['web-ext', 'lint', '--source-dir', '.output/firefox-mv2', '--no-input']);
step('end-to-end tests (Playwright + Chromium)');
run('npx', ['playwright', 'test'], { env: { CHROMIUM_PATH: chromium } });
step('end-to-end tests in Firefox (the Firefox build, puppeteer-core over WebDriver BiDi)');
run('npx', ['tsx', 'tests/firefox/run.ts'], { env: { FIREFOX_PATH: firefox } });
const counts = summarize();
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed`);

/** One closing line over the three runners, read from their JSON reports. */
function summarize() {
  const vitest = JSON.parse(readFileSync('.reports/vitest.json', 'utf8'));
  const playwright = JSON.parse(readFileSync('.reports/playwright.json', 'utf8'));
  const firefox = JSON.parse(readFileSync('.reports/firefox.json', 'utf8'));
  return {
    passed: vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky + firefox.passed,
    failed: vitest.numFailedTests + playwright.stats.unexpected + firefox.failed,
  };
}
