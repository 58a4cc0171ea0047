// The Firefox that the Firefox end-to-end suite (tests/firefox) installs the extension into. Found
// or installed the way scripts/chromium.mjs gets Chromium, saying what it does, never waiting on a
// prompt, and failing fast with advice when nothing works:
//   1. FIREFOX_PATH, when set (a missing file there is an error: the person asked for that one);
//   2. a Firefox already installed on the system;
//   3. Debian/Ubuntu's `firefox-esr` through apt-get, as root or with sudo that needs no password.
// puppeteer-core drives a stock Firefox over WebDriver BiDi; it downloads none of its own.
// The path found is put in FIREFOX_PATH, so child processes reuse it.
import { existsSync } from 'node:fs';
import { installWithApt } from './system-package.mjs';

const SYSTEM_BROWSERS = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/local/bin/firefox'];

/** @returns {string} the path of a Firefox binary; exits the process with advice when there is none. */
export function findFirefox() {
  const chosen = process.env.FIREFOX_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    fail(`FIREFOX_PATH is set to ${chosen}, but there is no file there.`);
  }
  const found =
    SYSTEM_BROWSERS.find((candidate) => existsSync(candidate)) ?? installWithApt('firefox-esr', SYSTEM_BROWSERS);
  if (!found) {
    fail(
      'No Firefox was found, and none could be installed.\n' +
        '  On Debian/Ubuntu: sudo apt-get install firefox-esr\n' +
        '  Elsewhere: install Firefox (128 or later) and set FIREFOX_PATH to its binary.',
    );
  }
  process.env.FIREFOX_PATH = found;
  return found;
}

function fail(message) {
  console.error(`✖ ${message}\n  The Firefox end-to-end tests install the built extension into a real Firefox.`);
  process.exit(1);
}
