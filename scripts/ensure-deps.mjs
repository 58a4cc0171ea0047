// Installs the project's packages when they are missing or older than package-lock.json, so
// `npm start` and `npm test` work on a fresh clone without a separate install step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';

export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!stale) return;
  console.log('Installing packages (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const SQLITE_MODULE = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

/**
 * Completes an install made with `--ignore-scripts` (as .ci/run makes it): WXT's generated types at
 * once, since the type check needs them, and the server's SQLite module (better-sqlite3, compiled
 * from source: about 70 s of one core) in the background, while the steps that need no server run
 * on the other core. The promise settles when the module is there; a failed compile ends the run.
 */
export function completeInstall() {
  if (!existsSync('.wxt/tsconfig.json')) run('npx', ['wxt', 'prepare']);
  if (existsSync(SQLITE_MODULE)) return Promise.resolve();
  console.log('Compiling the server’s SQLite module (npm rebuild better-sqlite3) in the background…');
  return runInBackground('npm', ['rebuild', 'better-sqlite3'], 'sqlite-module-build', () => existsSync(SQLITE_MODULE));
}

/**
 * Runs a command beside the synchronous steps, its output to `.reports/<name>.log`: a file, not a
 * pipe, since a pipe nobody reads while the steps run would stall the command once full. The promise
 * settles when awaited after the command ended; a failure prints the log and ends the run.
 */
function runInBackground(command, args, name, succeeded = () => true) {
  mkdirSync('.reports', { recursive: true });
  const log = `.reports/${name}.log`;
  const child = spawn(command, args, { stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')] });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code === 0 && succeeded()) return resolve();
      console.error(`${readFileSync(log, 'utf8')}\n✖ ${command} ${args.join(' ')} failed (exit ${code}).`);
      process.exit(code || 1);
    });
  });
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...options.env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
