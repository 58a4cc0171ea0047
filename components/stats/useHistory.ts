import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { database } from '@/lib/db/open';
import { linksSeries, recordSeries, type Watched, watchLog } from '@/lib/history/read';
import type { Counted, Span } from '@/lib/history/record';
import type { Series } from '@/lib/history/series';

export interface History {
  series: Series | null;
  watched: Span[];
}

/** The time a chart is drawn to, moved on every minute while it is shown. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One link's or QR code's history, live: a new reading redraws it. */
export function useRecordHistory(kind: Counted, record: Watched | undefined): History | undefined {
  return useLiveQuery(async () => {
    const db = database();
    if (!record) return { series: null, watched: [] };
    return { series: await recordSeries(db, kind, record), watched: await watchLog(db) };
  }, [kind, record?.id, record?.date, record?.total]);
}

/** The summed history of several links (a channel's, a campaign's). */
export function useLinksHistory(links: readonly Watched[]): History | undefined {
  const signature = links.map((l) => `${l.id}:${l.total}`).join(',');
  return useLiveQuery(async () => {
    const db = database();
    return { series: await linksSeries(db, links), watched: await watchLog(db) };
  }, [signature]);
}
