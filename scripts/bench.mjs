// `npm run bench`: every benchmark, one JSON line per figure, also collected in .reports/bench.jsonl.
// Each figure is appended to the history in bench/results.jsonl (scripts/bench-history.mjs), which
// `npm run docs` turns into docs/benchmarks.md: the history is data, not prose.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { figuresOf, HISTORY_FILE, historyEntries, historyText } from './bench-history.mjs';
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
// One commit and one date for the whole run, so a run's figures can be told from another's.
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const date = new Date().toISOString();
const lines = [];
let failed = false;
mkdirSync('bench', { recursive: true });
for (const suite of suites) {
  const result = spawnSync('npm', ['run', '--silent', suite], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures = result.stdout.split('\n').filter((l) => l.startsWith('{"bench"'));
  for (const line of figures) console.log(line);
  lines.push(...figures);
  // The load as the suite ends: its figures are read against what else ran beside it.
  const entries = historyEntries(figuresOf(result.stdout), { suite, commit, date, load: loadavg()[0] });
  appendFileSync(HISTORY_FILE, historyText(entries));
  if (result.status !== 0) {
    console.error(`✖ ${suite} failed (exit ${result.status})`);
    failed = true;
  }
}
mkdirSync('.reports', { recursive: true });
writeFileSync('.reports/bench.jsonl', `${lines.join('\n')}\n`);
console.log(`Figures appended to ${HISTORY_FILE}; \`npm run docs\` writes them into docs/benchmarks.md.`);
process.exit(failed ? 1 : 0);
