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
  // In CI a failed test runs once more and, passing then, is reported as flaky (its first failure's
  // screenshot kept, the count in npm test's closing line): a browser that dies at launch on a loaded
  // machine should not sink a run; a test that fails twice still does. Locally a failure stays a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  // No trace by default: recording one (DOM snapshots at every action) made each test about a quarter
  // slower on a 2-core machine, for every passing test. A failure keeps its screenshot; to see its
  // trace, run the spec again with `--trace on`.
  use: { trace: 'off', screenshot: 'only-on-failure' },
});
