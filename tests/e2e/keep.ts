import { type Locator, type Page, test } from '@playwright/test';

/**
 * A screenshot kept for people to look at (in the test's output folder), compared with nothing. A CI
 * run keeps none: nobody looks at them there, and each took about a third of a second of a machine
 * whose cores the suite keeps busy. A failing test's own screenshot is kept either way.
 */
export async function keepScreenshot(shown: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  if (process.env.CI) return;
  const path = test.info().outputPath(name);
  await ('goto' in shown ? shown.screenshot({ path, fullPage }) : shown.screenshot({ path }));
}
