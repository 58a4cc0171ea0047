// `npm run docs`: every generated block in docs/, written from the code and the data it describes.
// tests/unit/docs/generated.test.ts fails when one is out of date, so the text cannot drift.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HISTORY_FILE, latestTable, readHistory, trendTable } from './bench-history.mjs';
import { importGraph, ROOT, replaceBlock } from './docs-graph.mjs';

/** `node scripts/core-counts.mjs --quiet` as a table: one row per measure. */
export function coreCountsTable(output) {
  const rows = ['| Measure | Goal | Count |', '| --- | --- | --- |'];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const { measure, goal, count } = JSON.parse(line);
    if (measure === undefined) continue;
    rows.push(`| ${String(measure).replaceAll('|', '\\|')} | ${goal ?? '—'} | ${count ?? '—'} |`);
  }
  return rows.join('\n');
}

/** Each generated file's text as it should be: file → text. */
export function generatedDocs(root = ROOT) {
  // The counts are shown whether or not they meet their goals, so the script's exit status is not ours to judge.
  const counts = spawnSync(process.execPath, [join(root, 'scripts/core-counts.mjs'), '--quiet'], {
    encoding: 'utf8',
    cwd: root,
  });
  if (counts.error || !counts.stdout) throw new Error(`scripts/core-counts.mjs printed nothing: ${counts.stderr}`);
  const history = readHistory(readFileSync(join(root, HISTORY_FILE), 'utf8'));
  const blocks = {
    'docs/architecture.md': { imports: importGraph(root), 'core-counts': coreCountsTable(counts.stdout) },
    'docs/benchmarks.md': { 'bench-latest': latestTable(history), 'bench-trend': trendTable(history) },
  };
  const out = new Map();
  for (const [file, named] of Object.entries(blocks)) {
    let text = readFileSync(join(root, file), 'utf8');
    for (const [name, content] of Object.entries(named)) text = replaceBlock(text, name, content);
    out.set(file, text);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of generatedDocs()) {
    const path = join(ROOT, file);
    if (readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
    console.log(`${file}: generated blocks rewritten.`);
  }
}
