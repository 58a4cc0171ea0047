// `npm run bench`: every benchmark, one JSON line per figure, also collected in .reports/bench.jsonl.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
const suites = [
  'bench:sync',
  'bench:bulk',
  'bench:trends',
  'bench:omnibox',
  'bench:popup',
  'bench:moment',
  'bench:dashboard',
  'bench:refresh',
  'bench:faults',
  'bench:conflicts',
].filter((name) => name in scripts);
const lines = [];
let failed = false;
for (const suite of suites) {
  const result = spawnSync('npm', ['run', '--silent', suite], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures = result.stdout.split('\n').filter((l) => l.startsWith('{"bench"'));
  for (const line of figures) console.log(line);
  lines.push(...figures);
  if (result.status !== 0) {
    console.error(`✖ ${suite} failed (exit ${result.status})`);
    failed = true;
  }
}
mkdirSync('.reports', { recursive: true });
writeFileSync('.reports/bench.jsonl', `${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);
