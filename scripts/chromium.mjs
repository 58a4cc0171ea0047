// The Chromium that the end-to-end tests and benchmarks load the extension into. When none is found,
// it gets one, saying what it does, never waiting on a prompt, and failing fast when nothing works:
//   1. CHROMIUM_PATH, when set (a missing file there is an error: the person asked for that one);
//   2. a Chromium that Playwright already manages, or one already installed on the system
//      (used before any download: nothing is fetched when a browser is already here);
//   3. `npx playwright install chromium` (needs Playwright's download host);
//   4. Debian/Ubuntu's `chromium` through apt-get, as root or with sudo that needs no password.
// The path found is put in CHROMIUM_PATH, so child processes (Playwright's workers) reuse it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** @returns {string} the path of a Chromium binary; exits the process with advice when there is none. */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    fail(`CHROMIUM_PATH is set to ${chosen}, but there is no file there.`);
  }
  const found = installedChromium() ?? downloadWithPlaywright() ?? installWithApt();
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

function installWithApt() {
  if (!existsSync('/usr/bin/apt-get')) return null;
  const root = process.getuid?.() === 0;
  const sudo = !root && attempt('sudo', ['-n', 'true']);
  if (!root && !sudo) {
    console.log('  apt-get needs root, and sudo asks for a password: not installing Debian’s chromium.');
    return null;
  }
  const prefix = root ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return attempt(command, rest, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log('Installing Debian’s chromium with apt-get (about a minute)…');
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) {
    console.log('  apt-get could not install chromium.');
    return null;
  }
  return SYSTEM_BROWSERS.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Runs a command with no input (so it can never wait on a prompt); true when it succeeded. Its
 * output is shown only when it fails, and then only its last lines: the reason, not the progress.
 */
function attempt(command, args, { env = {} } = {}) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: INSTALL_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status === 0) return true;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  const last = output.trim().split('\n').slice(-3);
  for (const line of last) if (line.trim()) console.log(`  │ ${line.trim()}`);
  return false;
}

function fail(message) {
  console.error(`✖ ${message}\n  The end-to-end tests load the built extension into a real Chromium.`);
  process.exit(1);
}
