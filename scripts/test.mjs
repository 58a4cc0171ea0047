// `npm test`: everything, in the order that fails fastest: types, lint, unit, contract, build, end to end.
import { readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { ensureDependencies, run } from './ensure-deps.mjs';

ensureDependencies();
const chromium = findChromium();
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
const counts = summarize();
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed`);

/** One closing line over both runners, read from their JSON reports. */
function summarize() {
  const vitest = JSON.parse(readFileSync('.reports/vitest.json', 'utf8'));
  const playwright = JSON.parse(readFileSync('.reports/playwright.json', 'utf8'));
  return {
    passed: vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky,
    failed: vitest.numFailedTests + playwright.stats.unexpected,
  };
}
