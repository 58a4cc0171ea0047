#!/usr/bin/env node
// The core's shape in numbers, one JSON line each, so a change to it can be read before and after:
// - imports between lib/sync and lib/refresh (goal 0: the engine is the only code knowing both);
// - branches on a kind's name, hand-written lists of kinds or tables, and functions made for one kind,
//   outside lib/kinds (goal 0: a kind is described once, in lib/kinds), every hit with file:line;
// - casts on reads of the meta table (goal 0: meta keys are typed where declared);
// - modules writing mirror tables, per direction (goal 1 each), and any writing them elsewhere (goal 0);
// - modules writing the outbox (goal 1: lib/sync/outbox.ts).
// Every folder of the core is read: lib/ (lib/api and the schema included), components/, entrypoints/.
// No line excuses itself. The one exception is named below with its reason: the released schema
// upgrades (lib/db/upgrade-v*.ts), frozen.
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
// A kind's name spelt by a function made for that kind alone: `createLink`, `deletePixel`, `linkRow`,
// `campaignFromInput`. Looked for where the generic core lives (sync, refresh, the mirror, its
// history, the engine): elsewhere a function named for a link or a QR code is the feature itself (a
// QR code's image, the links table, a view of one kind), not a second description of a kind.
const KIND_WORDS =
  'Link|Links|Channel|Channels|Campaign|Campaigns|Domain|Domains|Qr|QrCode|QrCodes|Pixel|Pixels|Account';
const KIND_PREFIXES = 'link|channel|campaign|domain|qr|pixel|account|channelItem|campaignLink';
const PER_KIND_FUNCTION = new RegExp(
  `^export\\s+(?:async\\s+)?(?:function\\s*\\*?|const)\\s+(?:\\w+(?:${KIND_WORDS})(?![a-z])\\w*|(?:${KIND_PREFIXES})[A-Z]\\w*)\\s*[=(<:]`,
);
const GENERIC_CORE = /^lib\/(sync|refresh|db|history|engine)\//;
// A kind's name handed to a function, in the generic core: code that does one kind's work by naming
// it (`asked(c, 'link', …)`). A page of one kind naming its kind to generic code is no such branch.
const ARGUMENT = new RegExp(`[(,]\\s*${lit}\\s*[,)]`);

/**
 * Released schema upgrades name the tables of their version and are frozen: the description of
 * today must not change what they did. They are the only files read and not counted.
 */
const FROZEN = /^lib\/db\/upgrade-v\d+\.ts$/;
const excluded = (file) => file.startsWith('lib/kinds/') || FROZEN.test(file);
/** Same spelling, other meaning: a QR code's content type "link" (a URL to encode) is no kind of record. */
const notAKind = (file, line) => /^(lib\/qr|components\/qr)\//.test(file) && /['"]link['"]/.test(line);
const hits = [];
for (const { file, lines } of all) {
  if (excluded(file)) continue;
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    const code = line.replace(/\s\/\/.*$/, '');
    const rule =
      RULES.find(([, re]) => re.test(code)) ??
      (GENERIC_CORE.test(file) && ARGUMENT.test(code) ? ['argument'] : undefined) ??
      (GENERIC_CORE.test(file) && PER_KIND_FUNCTION.test(code) ? ['per-kind function'] : undefined);
    if (!rule || notAKind(file, code)) return;
    hits.push({ at: `${file}:${i + 1}`, rule: rule[0], line: line.trim().slice(0, 140) });
  });
}
print({
  measure: 'kind branches, hand-written kind/table lists and per-kind functions outside lib/kinds',
  goal: 0,
  count: hits.length,
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
const writers = all
  .filter(({ file }) => !FROZEN.test(file))
  .map(({ file, lines }) => ({ file, at: mirrorWrites(file, lines) }))
  .filter((w) => w.at.length > 0);
for (const [direction, inIt] of Object.entries(DIRECTIONS)) {
  const modules = writers.filter((w) => inIt(w.file));
  print({
    measure: `modules writing mirror tables, ${direction}`,
    goal: 1,
    count: modules.length,
    ...(quiet ? {} : { modules: modules.map((w) => w.file) }),
  });
}
const strays = writers.filter((w) => !Object.values(DIRECTIONS).some((inIt) => inIt(w.file)));
print({
  measure: 'modules writing mirror tables elsewhere (strays)',
  goal: 0,
  count: strays.length,
  ...(quiet ? {} : { strays: strays.flatMap((w) => w.at) }),
});

// 5. Modules writing the outbox: a Dexie write whose receiver is the outbox (`db.outbox`, `tx.outbox`,
// `db.table('outbox')`, or a variable bound to one), followed back as for the mirror.
const OUTBOX_EXPR = /\b(?:db|tx|ctx\.db)\.outbox\b|\btable\s*(?:<[^>]*>)?\(\s*['"]outbox['"]\s*\)/;
function outboxWrites(file, lines) {
  const text = uncommented(lines.join('\n'));
  const bound = new Set();
  for (const m of text.matchAll(/\b(?:const|let)\s+([\w$]+)(?:\s*:[^=;]+)?\s*=\s*([^;]+)/g))
    if (OUTBOX_EXPR.test(m[2].split(/[,;\n]/)[0])) bound.add(m[1]);
  const hits = [];
  for (const m of text.matchAll(WRITES)) {
    const receiver = receiverOf(text, m.index);
    const root = receiver.match(/^[\w$]+/)?.[0];
    if (OUTBOX_EXPR.test(receiver) || (root && bound.has(root)))
      hits.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
  }
  return hits;
}
const outboxWriters = all
  .filter(({ file }) => !FROZEN.test(file))
  .map(({ file, lines }) => ({ file, at: outboxWrites(file, lines) }))
  .filter((w) => w.at.length > 0);
print({
  measure: 'modules writing the outbox',
  goal: 1,
  count: outboxWriters.length,
  ...(quiet ? {} : { modules: outboxWriters.flatMap((w) => w.at) }),
});
