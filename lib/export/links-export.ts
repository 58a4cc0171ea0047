import type { LinkRow } from '../db/schema';

/** The columns exported for every link. */
const COLUMNS = ['id', 'alias', 'shorturl', 'longurl', 'title', 'description', 'clicks', 'date', 'status'] as const;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) gets a leading apostrophe; quotes are doubled and every cell is quoted.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function linksToCsv(rows: LinkRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function linksToJson(rows: LinkRow[]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(COLUMNS.map((c) => [c, row[c]]))),
    null,
    2,
  );
}
