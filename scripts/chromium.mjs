import { existsSync } from 'node:fs';

/** The Chromium used by the end-to-end tests and benchmarks, or an explanation of how to get one. */
export function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  console.error(
    `✖ Chromium was not found at ${candidate}.\n` +
      '  The end-to-end tests load the built extension into a real Chromium.\n' +
      '  On Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/the/binary',
  );
  process.exit(1);
}
