// The benchmarks' history as data: one JSON line per figure and run in bench/results.jsonl, appended by
// `npm run bench` and turned into docs/benchmarks.md's tables by `npm run docs`. Pure functions, so the
// appending and the tables are tested without running a benchmark.

/** Where the history is kept, relative to the repository's root. */
export const HISTORY_FILE = 'bench/results.jsonl';

/** How many runs of each figure the trend table shows. */
export const TREND_RUNS = 8;

/** The figures a benchmark printed: its lines that start with {"bench"; anything else is its log. */
export function figuresOf(stdout) {
  const figures = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{"bench"')) continue;
    try {
      figures.push(JSON.parse(line));
    } catch {
      // A line cut short (a benchmark killed mid-write) is not a figure.
    }
  }
  return figures;
}

/**
 * A goal as the benchmarks write it: a number (the value must equal it) or "<= 150", ">= 0.95", with
 * any words after the number. Null when there is none or it cannot be read.
 */
export function parseGoal(goal) {
  if (typeof goal === 'number' && Number.isFinite(goal)) return { op: '=', limit: goal };
  if (typeof goal !== 'string') return null;
  const match = /^\s*(<=|>=|<|>|=|≤|≥)\s*(-?\d+(?:\.\d+)?)/.exec(goal);
  if (!match) return null;
  const op = { '≤': '<=', '≥': '>=' }[match[1]] ?? match[1];
  return { op, limit: Number(match[2]) };
}

/** Whether a value meets its goal; null when there is no goal, or no value (a benchmark's NaN is null). */
export function meets(value, goal) {
  const parsed = parseGoal(goal);
  if (!parsed || typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { op, limit } = parsed;
  if (op === '<=') return value <= limit;
  if (op === '>=') return value >= limit;
  if (op === '<') return value < limit;
  if (op === '>') return value > limit;
  return value === limit;
}

/** The history lines of one suite's figures in one run. */
export function historyEntries(figures, { suite, commit, date, load }) {
  return figures.map((f) => ({
    figure: f.bench,
    suite,
    value: typeof f.value === 'number' && Number.isFinite(f.value) ? f.value : null,
    unit: f.unit ?? null,
    goal: f.goal ?? null,
    met: meets(f.value, f.goal),
    commit,
    date,
    load: typeof load === 'number' ? Math.round(load * 100) / 100 : null,
  }));
}

/** The text to append to the history file: one line each, ending in a newline. */
export function historyText(entries) {
  return entries.map((e) => `${JSON.stringify(e)}\n`).join('');
}

/** The history file's entries, in the order written; blank lines are skipped. */
export function readHistory(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** Each figure's entries, oldest first, figures in the order they first appear. */
function byFigure(entries) {
  const figures = new Map();
  for (const entry of entries) {
    const list = figures.get(entry.figure) ?? [];
    list.push(entry);
    figures.set(entry.figure, list);
  }
  return figures;
}

const cell = (text) => String(text).replaceAll('|', '\\|');
const valueText = (e) => (e.value === null ? 'none' : `${e.value}${e.unit && e.unit !== 'ratio' ? ` ${e.unit}` : ''}`);
const goalText = (goal) => (goal === null || goal === undefined ? '—' : cell(goal));
const metText = (met) => (met === null || met === undefined ? '—' : met ? 'yes' : '**no**');
const day = (date) => (typeof date === 'string' ? date.slice(0, 10) : '');

/** The latest run of each figure, one table, grouped by the suite that measures it. */
export function latestTable(entries) {
  const rows = [
    '| Figure | Suite | Latest | Goal | Met | Commit | Date |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const figures = [...byFigure(entries).values()].map((list) => list.at(-1));
  figures.sort((a, b) => (a.suite ?? '').localeCompare(b.suite ?? ''));
  for (const e of figures)
    rows.push(
      `| \`${e.figure}\` | ${e.suite ?? '—'} | ${valueText(e)} | ${goalText(e.goal)} | ${metText(e.met)} | ${e.commit} | ${day(e.date)} |`,
    );
  return rows.join('\n');
}

/** The last runs of each figure, oldest first, with the machine's load beside each. */
export function trendTable(entries, runs = TREND_RUNS) {
  const rows = ['| Figure | Runs, oldest → newest (value @ load) |', '| --- | --- |'];
  const figures = [...byFigure(entries).entries()].sort(([, a], [, b]) =>
    (a.at(-1).suite ?? '').localeCompare(b.at(-1).suite ?? ''),
  );
  for (const [figure, list] of figures) {
    const cells = list
      .slice(-runs)
      .map((e) => `${e.value === null ? 'none' : e.value}${typeof e.load === 'number' ? ` @ ${e.load}` : ''}`);
    rows.push(`| \`${figure}\` | ${cells.join(' → ')} |`);
  }
  return rows.join('\n');
}
