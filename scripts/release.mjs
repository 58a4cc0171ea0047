// `npm run release`: the store packages of the version in package.json, built, checked and packed
// into dist/ — the Chrome MV3 zip, the Firefox package, and the source archive AMO reviewers rebuild
// the Firefox package from. The archives depend only on the commit: two runs give the same bytes.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './ensure-deps.mjs';
import { filesOf, writeZip } from './zip.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const BUILD_DIR = '.output-release';
const OUT = 'dist';
// What the source archive holds: what the Firefox build reads, its instructions and its rebuild script.
const SOURCES = [
  'BUILDING.md',
  'CHANGELOG.md',
  'PRIVACY.md',
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'wxt.config.ts',
  // The README's further reading: a reviewer's archive keeps its links whole.
  'docs/',
  'components/',
  'entrypoints/',
  'lib/',
  'locales/',
  'public/',
  'store/build-patches.ts',
  'store/manifest.ts',
  'scripts/build-firefox.sh',
  'scripts/zip.mjs',
];

if (git('status', '--porcelain').trim() !== '' && !process.argv.includes('--allow-dirty')) {
  console.error('The working tree has changes: a release is built from a commit (or pass --allow-dirty to try).');
  process.exit(1);
}
const step = (title) => console.log(`\n── ${title} ──`);
const env = { LINKPILOT_BUILD: 'store', LINKPILOT_OUT_DIR: BUILD_DIR };

step(`build ${version} for the stores (no host granted up front)`);
rmSync(BUILD_DIR, { recursive: true, force: true });
run('npx', ['wxt', 'build'], { env });
run('npx', ['wxt', 'build', '-b', 'firefox'], { env });

step('check against the stores’ rules');
for (const target of ['chrome-mv3', 'firefox-mv2']) {
  const manifest = JSON.parse(readFileSync(path.join(BUILD_DIR, target, 'manifest.json'), 'utf8'));
  if (manifest.version !== version) throw new Error(`${target}: version ${manifest.version}, not ${version}`);
  if (manifest.host_permissions?.length || manifest.permissions?.some((p) => p.includes('://')))
    throw new Error(`${target}: asks for a host up front`);
}
run('npx', ['vitest', 'run', '--project', 'store'], { env });
run('npx', ['vitest', 'run', '--project', 'unit', 'tests/unit/store']);
run('npx', ['web-ext', 'lint', '--source-dir', `${BUILD_DIR}/firefox-mv2`, '--no-input', '--warnings-as-errors']);

step('pack');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const archives = {
  [`linkpilot-${version}-chrome.zip`]: filesOf(path.join(BUILD_DIR, 'chrome-mv3')),
  [`linkpilot-${version}-firefox.zip`]: filesOf(path.join(BUILD_DIR, 'firefox-mv2')),
  [`linkpilot-${version}-source.zip`]: committedSources(),
};
const sums = Object.entries(archives).map(([name, entries]) => {
  writeZip(path.join(OUT, name), entries);
  return `${createHash('sha256')
    .update(readFileSync(path.join(OUT, name)))
    .digest('hex')}  ${name}`;
});
writeFileSync(path.join(OUT, 'SHA256SUMS'), `${sums.join('\n')}\n`);
console.log(sums.join('\n'));
console.log(`\nThe packages are in ${OUT}/. The Firefox package rebuilds from the source archive: see BUILDING.md.`);

/** The files of SOURCES as the commit has them (not as the working tree might). */
function committedSources() {
  const names = git('ls-tree', '-r', '--name-only', '-z', 'HEAD')
    .split('\0')
    .filter((name) => name && SOURCES.some((s) => (s.endsWith('/') ? name.startsWith(s) : name === s)));
  const missing = SOURCES.filter((s) => !names.some((n) => (s.endsWith('/') ? n.startsWith(s) : n === s)));
  if (missing.length > 0) throw new Error(`not in the commit: ${missing.join(', ')}`);
  const batch = execFileSync('git', ['cat-file', '--batch'], {
    input: names.map((n) => `HEAD:${n}`).join('\n'),
    maxBuffer: 256 * 1024 * 1024,
  });
  const entries = [];
  let at = 0;
  for (const name of names) {
    const header = batch.subarray(at, batch.indexOf(10, at)).toString();
    const size = Number(header.split(' ')[2]);
    const start = batch.indexOf(10, at) + 1;
    entries.push({ name, data: batch.subarray(start, start + size) });
    at = start + size + 1;
  }
  return entries;
}
