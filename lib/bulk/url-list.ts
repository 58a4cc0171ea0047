import Papa from 'papaparse';
import { aliasInput, webUrlInput } from '../api/inputs/formats';
import { words } from '../words';

/** One line that can be shortened: its long URL and, from a CSV's second column, an alias. */
export interface BulkItem {
  line: number;
  url: string;
  alias?: string;
}

/** A line that cannot, with why (a message, lib/words.ts): listed for the person while the good lines go. */
export interface BulkProblem {
  line: number;
  text: string;
  /** The alias the line asked for, where that alias is what stays out. */
  alias?: string;
  reason: string;
}

/** The most lines one list may hold: a bigger paste is a mistake more often than a plan. */
export const MAX_BULK_LINES = 5000;

/**
 * The largest list file read: 5,000 lines of long URLs with aliases fit well under it. A bigger
 * file is refused by its size, before any of it is read (README, Security).
 */
export const MAX_LIST_FILE_BYTES = 2 * 1024 * 1024;

/** Why a chosen file is not read (a message, lib/words.ts), or null: decided by its size alone. */
export function listFileProblem(file: { size: number }): string | null {
  if (file.size <= MAX_LIST_FILE_BYTES) return null;
  const mb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return words('bulk.problem.fileTooLarge', { size: mb(file.size), max: mb(MAX_LIST_FILE_BYTES) });
}

/** A list file's text, or a RangeError with its problem when it is too large; nothing is read then. */
export async function readListFile(file: Pick<Blob, 'size' | 'text'>): Promise<string> {
  const problem = listFileProblem(file);
  if (problem) throw new RangeError(problem);
  return file.text();
}

const HEADER = /^(url|long ?url|link|address)$/i;

/**
 * Reads a pasted list or a CSV file: one URL per line, optionally followed by an alias (comma,
 * semicolon or tab between them; quotes as spreadsheets write them). A first line naming the
 * columns ("url,alias") is skipped; blank lines are ignored; a URL that comes twice is shortened once.
 * Each line is checked with the same schemas as the link forms.
 */
export function readUrlList(text: string): { items: BulkItem[]; problems: BulkProblem[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(clean, { delimiter: delimiterOf(clean) });
  const items: BulkItem[] = [];
  const problems: BulkProblem[] = [];
  const seen = new Set<string>();
  for (const [index, cells] of parsed.data.entries()) {
    const line = index + 1;
    const [rawUrl = '', rawAlias = ''] = cells.map((c) => c.trim());
    // Blank lines are read too (so line numbers match what the person sees), and passed over.
    if (rawUrl === '' && rawAlias === '') continue;
    if (index === 0 && HEADER.test(rawUrl)) continue;
    const shown = cells.join(', ').slice(0, 200);
    if (items.length + problems.length >= MAX_BULK_LINES) {
      problems.push({ line, text: shown, reason: words('bulk.problem.tooMany', { max: MAX_BULK_LINES }) });
      break;
    }
    const url = webUrlInput.safeParse(rawUrl);
    const alias = rawAlias ? aliasInput.safeParse(rawAlias) : null;
    const reason = !url.success
      ? url.error.issues[0]!.message
      : seen.has(url.data)
        ? 'bulk.problem.twice'
        : alias && !alias.success
          ? alias.error.issues[0]!.message
          : null;
    if (reason || !url.success) {
      problems.push({ line, text: shown, reason: reason ?? 'bulk.problem.unreadable' });
      continue;
    }
    items.push(alias?.success ? { line, url: url.data, alias: alias.data } : { line, url: url.data });
    seen.add(url.data);
  }
  return { items, problems };
}

/**
 * The column separator of the list: the one of comma, semicolon and tab that its first line uses
 * most outside quotes (a URL's own commas sit inside quotes in a spreadsheet's CSV). Papa Parse's
 * own guess counts commas inside quotes too.
 */
function delimiterOf(text: string): string {
  const first = (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').replace(/"(?:[^"]|"")*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  const [best, count] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return count > 0 ? best : ',';
}
