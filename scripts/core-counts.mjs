#!/usr/bin/env node
// The core's shape in numbers, one JSON line each, so a change to it can be read before and after:
// - imports between lib/sync and lib/refresh (goal 0: the engine is the only code knowing both);
// - branches on a kind's name, and hand-written lists of kinds or tables, outside lib/kinds (goal: at
//   most two, each with its reason on the line), every hit with file:line for review;
// - casts on reads of the meta table (goal 0: meta keys are typed where declared);
// - modules writing mirror tables, per direction (goal 1 each).
// A heuristic grep, not a parser: a hit is worth a look, not proof of a fault.
// Usage: node scripts/core-counts.mjs [--quiet]   (--quiet prints only the counts)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const quiet = process.argv.includes('--quiet');
const SOURCES = ['lib', 'components', 'entrypoints'];

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}
const all = SOURCES.flatMap((d) => files(join(root, d))).map((path) => ({
  file: relative(root, path),
  lines: readFileSync(path, 'utf8').split('\n'),
}));
const print = (line) => console.log(JSON.stringify(line));

// 1. Imports between the two directions.
const importsOf = (lines) => lines.filter((l) => /^\s*(import|export)\b.*\bfrom\s+['"]/.test(l));
const crossing = [];
for (const { file, lines } of all) {
  const [from, to] = file.startsWith('lib/sync/')
    ? ['sync', 'refresh']
    : file.startsWith('lib/refresh/')
      ? ['refresh', 'sync']
      : [];
  if (!from) continue;
  for (const l of importsOf(lines))
    if (new RegExp(`['"](\\.\\./${to}/|@/lib/${to}/)`).test(l)) crossing.push(`${file}: ${l.trim()}`);
}
print({ measure: 'imports between lib/sync and lib/refresh', goal: 0, count: crossing.length });
if (!quiet) for (const hit of crossing) print({ hit });

// 2. Kind branches and hand-written lists of kinds or tables.
const NAMES = [
  'link',
  'links',
  'channel',
  'channels',
  'campaign',
  'campaigns',
  'domain',
  'domains',
  'qr',
  'qrs',
  'qrCode',
  'qrCodes',
  'channelItem',
  'channelItems',
  'campaignLink',
  'overlays',
  'splash',
  'splashPages',
  'account',
  'linkStats',
  'qrStats',
];
const name = `(?:${NAMES.join('|')})`;
const lit = `['"\`]${name}['"\`]`;
/** One table per kind (a function's own transaction scope names its kind's table and stats; not counted). */
const KIND_TABLES = 'links|channels|campaigns|domains|qrs|channelItems|account';
const RULES = [
  ['case', new RegExp(`\\bcase\\s+${lit}\\s*:`)],
  ['comparison', new RegExp(`[!=]==\\s*${lit}|${lit}\\s*[!=]==`)],
  ['union', new RegExp(`${lit}\\s*\\|\\s*${lit}`)],
  ['array', new RegExp(`\\[\\s*${lit}\\s*,\\s*${lit}`)],
  // An object keyed by kind or table names that maps each to another such name (a hand-written table).
  ['key', new RegExp(`^\\s*(?:${lit}|${name})\\s*:.*${lit}`)],
  // Dexie tables named one by one: a list of mirror tables, or a branch choosing one.
  ['tables', new RegExp(`(?:\\bdb\\.(?:${KIND_TABLES})\\b[^;\\]]*){3}`)],
  ['tables', /\?\s*db\.\w+\s*:\s*db\.\w+/],
];
const excluded = (file) =>
  file.startsWith('lib/kinds/') ||
  file.startsWith('tests/') ||
  // The API contract speaks the service's nouns (its endpoints and envelopes), not the mirror's kinds.
  file.startsWith('lib/api/') ||
  // Its table declarations and released schema versions are the tables, not a list of them.
  file === 'lib/db/schema.ts' ||
  // Released upgrades name the tables of their version, frozen: the registry of today must not change them.
  /^lib\/db\/upgrade-v\d+\.ts$/.test(file) ||
  /(^|\/)(locales|i18n)(\/|\.)/.test(file);
/** Same spelling, other meaning: a QR code's content type "link" (a URL to encode) is no kind of record. */
const notAKind = (file, line) => /^(lib\/qr|components\/qr)\//.test(file) && /['"]link['"]/.test(line);
const hits = [];
for (const { file, lines } of all) {
  if (excluded(file)) continue;
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    // A name that only says so on its own line ("one of two: …") is counted, and its reason shown.
    const rule = RULES.find(([, re]) => re.test(line));
    if (!rule || notAKind(file, line)) return;
    // A list kept on purpose says why on its own line ("// one of two: …").
    const reason = line.match(/\/\/\s*(.+)$/)?.[1];
    hits.push({ at: `${file}:${i + 1}`, rule: rule[0], line: line.trim().slice(0, 140), ...(reason && { reason }) });
  });
}
print({
  measure: 'kind branches and hand-written kind/table lists outside lib/kinds',
  goal: 2,
  count: hits.length,
  withReason: hits.filter((h) => h.reason).length,
});
if (!quiet) for (const hit of hits) print(hit);

// 3. Casts on meta reads.
const casts = [];
for (const { file, lines } of all)
  lines.forEach((line, i) => {
    if (/(readMeta|readFamily|\.meta\.(get|where|toArray)|table\(['"]meta['"]\))[^;]*\)\s+as\s+(?!const\b)/.test(line))
      casts.push({ at: `${file}:${i + 1}`, line: line.trim().slice(0, 140) });
  });
print({ measure: 'casts on meta reads', goal: 0, count: casts.length });
if (!quiet) for (const hit of casts) print(hit);

// 4. Modules writing mirror tables, per direction: outbox → service (lib/sync, and the kinds' own
// send and apply), service → mirror (lib/refresh). A write is a Dexie write on a mirror table.
const MIRROR = [
  'links',
  'linkStats',
  'channels',
  'channelItems',
  'campaigns',
  'domains',
  'qrs',
  'qrStats',
  'overlays',
  'splashPages',
  'account',
  'linkHistory',
  'qrHistory',
  'linkRecent',
  'qrRecent',
];
const WRITE = /\.(put|add|update|bulkPut|bulkAdd|bulkDelete|delete|modify|clear)\(/;
const writesMirror = (lines) =>
  lines.some(
    (l) =>
      (new RegExp(`\\.(?:${MIRROR.join('|')})\\b[^;]*`).test(l) && WRITE.test(l)) ||
      (/\.table\(/.test(l) && WRITE.test(l)) ||
      /\b(rows|table)\([^)]*\)\.(put|bulkPut|bulkDelete|update|delete|add)\(/.test(l),
  );
const DIRECTIONS = {
  'outbox → service': (f) => f.startsWith('lib/sync/') || f.startsWith('lib/kinds/'),
  'service → mirror': (f) => f.startsWith('lib/refresh/'),
  elsewhere: (f) => !f.startsWith('lib/sync/') && !f.startsWith('lib/kinds/') && !f.startsWith('lib/refresh/'),
};
for (const [direction, inIt] of Object.entries(DIRECTIONS)) {
  const modules = all.filter(({ file, lines }) => inIt(file) && writesMirror(lines)).map(({ file }) => file);
  print({
    measure: `modules writing mirror tables, ${direction}`,
    goal: direction === 'elsewhere' ? null : 1,
    count: modules.length,
    // The kinds' own apply and send are one description each; what writes beside them is the question.
    outsideKinds: modules.filter((f) => !f.startsWith('lib/kinds/')).length,
    ...(quiet ? {} : { modules }),
  });
}
