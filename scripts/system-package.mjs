// Installing a browser from Debian/Ubuntu's archive for the end-to-end tests, and running the
// commands that find or fetch one, without ever waiting on a prompt.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL_TIMEOUT_MS = 10 * 60_000;

/**
 * Installs `name` with apt-get, as root or with sudo that needs no password, and returns the first
 * of `binaries` that exists afterwards; null when apt-get is missing, may not run, or fails.
 */
export function installWithApt(name, binaries) {
  if (!existsSync('/usr/bin/apt-get')) return null;
  const root = process.getuid?.() === 0;
  const sudo = !root && attempt('sudo', ['-n', 'true']);
  if (!root && !sudo) {
    console.log(`  apt-get needs root, and sudo asks for a password: not installing Debian’s ${name}.`);
    return null;
  }
  const prefix = root ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return attempt(command, rest, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log(`Installing Debian’s ${name} with apt-get (about a minute)…`);
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', name])) {
    console.log(`  apt-get could not install ${name}.`);
    return null;
  }
  return binaries.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Runs a command with no input (so it can never wait on a prompt); true when it succeeded. Its
 * output is shown only when it fails, and then only its last lines: the reason, not the progress.
 */
export function attempt(command, args, { env = {} } = {}) {
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
