#!/usr/bin/env node
// The core's shape in numbers, one JSON line each, so a change to it can be read before and after:
// - imports between lib/sync and lib/refresh (goal 0: the engine is the only code knowing both);
// - branches on a kind's name, and hand-written lists of kinds or tables, outside lib/kinds (goal: at
//   most two, each with its reason on the line), every hit with file:line for review;
// - casts on reads of the meta table (goal 0: meta keys are typed where declared);
// - modules writing mirror tables, per direction (goal 1 each), and any writing them elsewhere without
//   a reason given here (goal 0).
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
  'pixel',
  'pixels',
  'account',
  'linkStats',
  'qrStats',
];
const name = `(?:${NAMES.join('|')})`;
const lit = `['"\`]${name}['"\`]`;
/** One table per kind (a function's own transaction scope names its kind's table and stats; not counted). */
const KIND_TABLES = 'links|channels|campaigns|domains|qrs|pixels|channelItems|account';
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

// 4. Modules writing mirror tables, per direction. The mirror's tables are read from MIRROR_TABLES in
// lib/db/schema.ts (so a table added there is watched at once). A write is a Dexie write call
// (put, update, delete, …) whose receiver is a mirror table: `db.<table>` (or an upgrade's `tx.<table>`),
// a table by name (`db.table(…)`), a kind's or list's accessor of one (`rows(db)`, `stats(db)`,
// `history(db)`, …), or a variable or parameter bound to one of these; the receiver is followed back
// through `.where(…).equals(…)` chains across lines. Outbox and meta writes are not mirror writes.
const schema = readFileSync(join(root, 'lib/db/schema.ts'), 'utf8');
const MIRROR = [...schema.match(/MIRROR_TABLES\s*=\s*\[([^\]]*)\]/)[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
const ACCESSORS = ['table', 'rows', 'stats', 'history', 'recent', 'catalog', 'historyTable', 'recentTable'];
const WRITES = /\.(put|add|update|bulkPut|bulkAdd|bulkDelete|delete|modify|clear)\s*\(/g;
const TABLE_EXPR = new RegExp(
  `\\b(?:db|tx)\\.(?:${MIRROR.join('|')})\\b|\\b(?:${ACCESSORS.join('|')})\\s*(?:<[^>]*>)?\\s*(?:\\?\\.)?\\(`,
);
const NOT_MIRROR = /\.outbox\b|\bmeta\b/;
// Comments go, their lines kept, so a hit's line number is the file's.
const uncommented = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The receiver of the call whose `.` is at `dot`: read back over names, dots, calls, generics and `!`. */
function receiverOf(text, dot) {
  const close = { ')': '(', ']': '[', '>': '<' };
  let i = dot - 1;
  for (;;) {
    while (i >= 0 && /\s|!/.test(text[i])) i--;
    if (text[i] in close) {
      const [shut, open] = [text[i], close[text[i]]];
      for (let depth = 0; i >= 0; i--) {
        if (text[i] === shut) depth++;
        else if (text[i] === open && --depth === 0) break;
      }
      i--;
      continue;
    }
    if (/[\w$]/.test(text[i] ?? '')) {
      while (i >= 0 && /[\w$]/.test(text[i])) i--;
      let j = i;
      while (j >= 0 && /\s/.test(text[j])) j--;
      if (text[j] === '.') {
        i = text[j - 1] === '?' ? j - 2 : j - 1;
        continue;
      }
    }
    return text.slice(i + 1, dot);
  }
}

function mirrorWrites(file, lines) {
  const text = uncommented(lines.join('\n'));
  // Variables and parameters that hold a mirror table.
  const bound = new Set();
  for (const m of text.matchAll(/\b(?:const|let)\s+([\w$]+)(?:\s*:[^=;]+)?\s*=\s*([^;]+)/g))
    if (TABLE_EXPR.test(m[2].split(/[,;\n]/)[0]) && !NOT_MIRROR.test(m[2].split('\n')[0])) bound.add(m[1]);
  for (const m of text.matchAll(/([\w$]+)\??\s*:\s*(?:Entity)?Table</g)) bound.add(m[1]);
  const hits = [];
  for (const m of text.matchAll(WRITES)) {
    const receiver = receiverOf(text, m.index);
    const root = receiver.match(/^[\w$]+/)?.[0];
    if (NOT_MIRROR.test(receiver)) continue;
    if (TABLE_EXPR.test(receiver) || (root && bound.has(root) && !/^[\w$]+\.[\w$]+\s*$/.test(receiver)))
      hits.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
  }
  return hits;
}

/**
 * Two directions write the mirror, one module each. A third for the person's own writes (what an
 * action shows at once) was weighed and left out: what an action shows, what the answer lays over it,
 * what a refusal or a discard puts back and what goes once a delete is done are one change's life,
 * each the undo or completion of another, all stamped with the sync state of the same outbox entries.
 * Split, a write and its undo would live in two modules.
 */
const DIRECTIONS = {
  'changes made here → mirror (what an action shows, its answer, its undo)': (f) =>
    f.startsWith('lib/sync/') || f.startsWith('lib/kinds/'),
  'service → mirror (what the service says unasked)': (f) => f.startsWith('lib/refresh/'),
};
/** Writers outside both directions, each with why it is none of theirs; any other is a stray. */
const ELSEWHERE = {
  'lib/db/schema.ts': "version 4's upgrade, written inline: a released schema upgrade, frozen",
  'lib/db/upgrade-v3.ts': 'a released schema upgrade, frozen',
  'lib/db/upgrade-v6.ts': 'a released schema upgrade, frozen',
  'lib/db/upgrade-v8.ts': 'a released schema upgrade, frozen',
  'lib/db/upgrade-v10.ts': 'a released schema upgrade, frozen',
  'lib/settings/connect.ts': 'another account on the same database: the mirror is emptied, not changed',
  'lib/history/record.ts':
    "the totals' history (observations, not records), written inside lib/refresh/apply.ts's transactions, its only caller",
};
const writers = all.map(({ file, lines }) => ({ file, at: mirrorWrites(file, lines) })).filter((w) => w.at.length > 0);
for (const [direction, inIt] of Object.entries(DIRECTIONS)) {
  const modules = writers.filter((w) => inIt(w.file));
  print({
    measure: `modules writing mirror tables, ${direction}`,
    goal: 1,
    count: modules.length,
    ...(quiet ? {} : { modules: modules.map((w) => w.file) }),
  });
}
const elsewhere = writers.filter((w) => !Object.values(DIRECTIONS).some((inIt) => inIt(w.file)));
const strays = elsewhere.filter((w) => !ELSEWHERE[w.file]);
print({
  measure: 'modules writing mirror tables elsewhere, with no reason given (strays)',
  goal: 0,
  count: strays.length,
  ...(quiet ? {} : { strays: strays.flatMap((w) => w.at) }),
});
if (!quiet)
  for (const w of elsewhere.filter((x) => ELSEWHERE[x.file])) print({ elsewhere: w.file, reason: ELSEWHERE[w.file] });
