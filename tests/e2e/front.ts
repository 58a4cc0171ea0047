import type { Page } from '@playwright/test';

/**
 * A page brought in front of the tabs and popups opened after it, as a person switches to it before
 * using it. Chromium draws only a window's front tab: on a tab behind others every Playwright action
 * waited about a second for the frames its stability check counts (a third of a language's layout
 * test went there).
 */
export const inFront = (page: Page): Promise<void> => page.bringToFront();
