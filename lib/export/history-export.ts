import type { Timeline } from '../history/timeline';
import { csvCell } from './links-export';

/**
 * What a record's exported history says, as Linkpilot knows it: its total when it began to be
 * followed, then each rise as read, "this many clicks between these two readings" (the service
 * gives totals only, so a click's own time is never known).
 */
export interface HistoryExport {
  /** The short URL (a link) or the code's URL (a QR code). */
  record: string;
  timeline: Timeline;
}

const iso = (at: number) => new Date(at).toISOString();

/** One line per rise: the readings it lies between (ISO 8601, UTC), the clicks, and the total after. The first line is the total when followed. */
export function historyToCsv({ record, timeline }: HistoryExport): string {
  const lines = ['record,from,to,clicks,total'];
  lines.push([csvCell(record), '', csvCell(iso(timeline.since)), timeline.before, timeline.before].join(','));
  let total = timeline.before;
  for (const rise of timeline.gains) {
    total += rise.clicks;
    lines.push([csvCell(record), csvCell(iso(rise.from)), csvCell(iso(rise.at)), rise.clicks, total].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function historyToJson({ record, timeline }: HistoryExport): string {
  return JSON.stringify(
    {
      record,
      since: iso(timeline.since),
      before: timeline.before,
      rises: timeline.gains.map((g) => ({ from: iso(g.from), to: iso(g.at), clicks: g.clicks })),
      readTo: iso(timeline.readTo),
      total: timeline.total,
    },
    null,
    2,
  );
}
