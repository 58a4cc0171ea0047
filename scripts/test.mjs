// `npm test`: everything. The extension's build first, then two lanes side by side: the Chromium
// end-to-end tests, and the checks (types, lint, unit and contract tests, the Firefox build, its
// lint, the stores' rules); then the Firefox end-to-end tests, alone. The Chromium tests mostly wait
// on the browser (less than one of two cores busy), so the checks fill the idle core instead of
// adding their two minutes before them. The checks' output is kept and printed after the Chromium
// tests'; a failing check stops the run at once, so a type error still ends it within seconds.
// The Firefox suite runs alone: beside the Chromium tests its waits ran out (three times slower).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { ensureDependencies, run } from './ensure-deps.mjs';
import { findFirefox } from './firefox.mjs';

ensureDependencies();
const chromium = findChromium();
const firefox = findFirefox();
const step = (title) => console.log(`\n── ${title} ──`);

// Before the lanes: both builds write WXT's generated types, which the type check reads.
step('build the extension');
run('npx', ['wxt', 'build']);

step('end-to-end tests (Playwright + Chromium); the checks run beside them, printed after');
const e2e = spawnLane([['npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium }]], { inherit: true });
const checks = spawnLane([
  { title: 'typecheck' },
  ['npx', ['tsc', '--noEmit']],
  { title: 'lint and format (Biome: recommended rules and the house rules in biome.jsonc)' },
  ['npx', ['biome', 'ci', '--reporter=summary', '.']],
  { title: 'unit and contract tests (vitest)' },
  ['npx', vitest('unit', 'contract')],
  { title: 'Firefox build and web-ext lint (errors and warnings fail)' },
  ['npx', ['wxt', 'build', '-b', 'firefox']],
  ['npx', ['web-ext', 'lint', '--source-dir', '.output/firefox-mv2', '--no-input', '--warnings-as-errors']],
  { title: 'the built packages against the stores’ rules (vitest)' },
  ['npx', vitest('store')],
]);
// The lanes run in process groups of their own: an interrupt reaches them through this one.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    e2e.stop();
    checks.stop();
    process.exit(130);
  });
}

const printChecks = (result) => process.stdout.write(`\n── the checks, run beside them ──\n${result.output}`);
const checksPassed = checks.done.then((result) => {
  if (result.ok) return result;
  printChecks(result);
  console.error(`\n✖ ${result.failed} failed: the end-to-end tests are stopped.`);
  e2e.stop();
  process.exit(1);
});
const e2eResult = await e2e.done;
if (!e2eResult.ok) {
  console.error(`\n✖ ${e2eResult.failed} failed.`);
  checks.stop();
  process.exit(1);
}
printChecks(await checksPassed);

step('end-to-end tests in Firefox (the Firefox build, puppeteer-core over WebDriver BiDi)');
run('npx', ['tsx', 'tests/firefox/run.ts'], { env: { FIREFOX_PATH: firefox } });
const counts = summarize();
console.log(
  `\nTests: ${counts.passed} passed, ${counts.failed} failed${counts.flaky ? ` (${counts.flaky} passed only when run again)` : ''}`,
);

/**
 * Runs commands one after another in a process group of their own; stops at the first failure.
 * `{ title }` items print a section heading into the lane's output. Without `inherit`, the output is
 * kept and handed over at the end.
 */
function spawnLane(items, { inherit = false } = {}) {
  let output = '';
  let current = null;
  let stopped = false;
  const write = (text) => {
    if (inherit) process.stdout.write(text);
    else output += text;
  };
  const done = (async () => {
    for (const item of items) {
      if (!Array.isArray(item)) {
        write(`\n── ${item.title} ──\n`);
        continue;
      }
      const [command, args, env = {}] = item;
      const status = await new Promise((resolve) => {
        current = spawn(command, args, {
          stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
          detached: true,
        });
        current.stdout?.on('data', (chunk) => write(chunk.toString()));
        current.stderr?.on('data', (chunk) => write(chunk.toString()));
        current.on('close', (code, signal) => resolve(code ?? signal));
      });
      if (status !== 0 || stopped) return { ok: false, output, failed: `${command} ${args.join(' ')}` };
    }
    return { ok: true, output };
  })();
  const stop = () => {
    stopped = true;
    try {
      if (current?.pid) process.kill(-current.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  return { done, stop };
}

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
  const suites = [read('vitest-unit-contract.json'), read('vitest-store.json')];
  const playwright = read('playwright.json');
  const firefox = read('firefox.json');
  const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
  return {
    passed: sum('numPassedTests') + playwright.stats.expected + playwright.stats.flaky + firefox.passed,
    failed: sum('numFailedTests') + playwright.stats.unexpected + firefox.failed,
    flaky: playwright.stats.flaky,
  };
}
