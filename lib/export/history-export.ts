import type { Series } from '../history/series';
import { csvCell } from './links-export';

/** What a record's exported history says: the record, when its history starts, and each known total. */
export interface HistoryExport {
  /** The short URL (a link) or the code's URL (a QR code). */
  record: string;
  series: Series;
}

const iso = (at: number) => new Date(at).toISOString();

/** One line per known total: its time (ISO 8601, UTC) and the total then. */
export function historyToCsv({ record, series }: HistoryExport): string {
  const lines = ['record,time,total'];
  for (const [at, total] of series.points) lines.push([csvCell(record), csvCell(iso(at)), csvCell(total)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function historyToJson({ record, series }: HistoryExport): string {
  return JSON.stringify(
    { record, since: iso(series.since), points: series.points.map(([at, total]) => ({ time: iso(at), total })) },
    null,
    2,
  );
}
