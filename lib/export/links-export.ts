import type { LinkpilotDb, LinkRow } from '../db/schema';
import { isItemOf } from '../kinds/item-types';

/** The columns exported for every link; channel and campaign by name, as the mirror knows them. */
const COLUMNS = [
  'id',
  'alias',
  'shorturl',
  'longurl',
  'title',
  'description',
  'clicks',
  'date',
  'status',
  'channel',
  'campaign',
] as const;

/** A link as exported: its row, with the names of its channels (";" between) and its campaign. */
export type ExportedLink = LinkRow & { channel: string; campaign: string };

/** Every mirrored link (or only those of `keys`), newest first, with its channels and campaign named. */
export async function exportedLinks(db: LinkpilotDb, keys?: readonly string[]): Promise<ExportedLink[]> {
  const only = keys ? new Set(keys) : null;
  const [rows, items, channels, campaigns] = await Promise.all([
    only
      ? db.links
          .orderBy('date')
          .reverse()
          .filter((l) => only.has(l.key))
          .toArray()
      : db.links.orderBy('date').reverse().toArray(),
    db.channelItems.filter((i) => isItemOf(i, 'link') && i.itemKey !== null).toArray(),
    db.channels.toArray(),
    db.campaigns.toArray(),
  ]);
  const channelName = new Map(channels.map((c) => [c.key, c.name]));
  const campaignName = new Map(campaigns.map((c) => [c.key, c.name]));
  const channelsOf = new Map<string, string[]>();
  for (const item of items) {
    const name = channelName.get(item.channelKey);
    if (name === undefined) continue;
    channelsOf.set(item.itemKey!, [...(channelsOf.get(item.itemKey!) ?? []), name]);
  }
  return rows.map((row) => ({
    ...row,
    channel: (channelsOf.get(row.key) ?? []).join('; '),
    campaign: row.campaignKey ? (campaignName.get(row.campaignKey) ?? '') : '',
  }));
}

/**
 * What a spreadsheet may run as a formula: = + - @ (or their full-width forms, which some
 * spreadsheets read as the same), also after leading whitespace, which they skip; or a cell that
 * starts with a tab, carriage return or line break.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula gets a leading apostrophe; quotes
 * are doubled and every cell is quoted.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function linksToCsv(rows: ExportedLink[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function linksToJson(rows: ExportedLink[]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(COLUMNS.map((c) => [c, row[c]]))),
    null,
    2,
  );
}
