import { defineConfig } from '@playwright/test';

// Every spec loads the built extension (.output/chrome-mv3) into Debian's Chromium and talks to
// a local server started inside the test process; nothing leaves 127.0.0.1.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Reference images: small differences (anti-aliasing) pass, a moved or restyled element does not.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  // No trace by default: recording one (DOM snapshots at every action) made each test about a quarter
  // slower on a 2-core machine, for every passing test. A failure keeps its screenshot; to see its
  // trace, run the spec again with `--trace on`.
  use: { trace: 'off', screenshot: 'only-on-failure' },
});
