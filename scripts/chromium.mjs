// The Chromium that the end-to-end tests and benchmarks load the extension into. When none is found,
// it gets one, saying what it does, never waiting on a prompt, and failing fast when nothing works:
//   1. CHROMIUM_PATH, when set (a missing file there is an error: the person asked for that one);
//   2. a Chromium that Playwright already manages, or one already installed on the system
//      (used before any download: nothing is fetched when a browser is already here);
//   3. `npx playwright install chromium` (needs Playwright's download host);
//   4. Debian/Ubuntu's `chromium` through apt-get, as root or with sudo that needs no password.
// The path found is put in CHROMIUM_PATH, so child processes (Playwright's workers) reuse it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { attempt, installWithApt } from './system-package.mjs';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** @returns {string} the path of a Chromium binary; exits the process with advice when there is none. */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    fail(`CHROMIUM_PATH is set to ${chosen}, but there is no file there.`);
  }
  const found = installedChromium() ?? downloadWithPlaywright() ?? installWithApt('chromium', SYSTEM_BROWSERS);
  if (!found) {
    fail(
      'No Chromium was found, and none could be installed.\n' +
        '  On Debian/Ubuntu: sudo apt-get install chromium\n' +
        '  Elsewhere: npx playwright install chromium, or install Chromium or Chrome and set CHROMIUM_PATH.',
    );
  }
  process.env.CHROMIUM_PATH = found;
  return found;
}

function installedChromium() {
  return [playwrightChromium(), ...SYSTEM_BROWSERS].find((candidate) => candidate && existsSync(candidate));
}

/** Where Playwright keeps its own Chromium (whether or not it is downloaded yet). */
function playwrightChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    return chromium.executablePath();
  } catch {
    return null;
  }
}

function downloadWithPlaywright() {
  console.log('No Chromium found: trying `npx playwright install chromium`…');
  const ok = attempt('npx', ['playwright', 'install', 'chromium']);
  const installed = playwrightChromium();
  if (ok && installed && existsSync(installed)) return installed;
  console.log('  Playwright could not download Chromium here.');
  return null;
}

function fail(message) {
  console.error(`✖ ${message}\n  The end-to-end tests load the built extension into a real Chromium.`);
  process.exit(1);
}
