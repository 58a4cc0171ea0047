import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { database } from '@/lib/db/open';
import { historySince, recordTimeline, timelinesOf, type Watched } from '@/lib/history/read';
import type { Counted } from '@/lib/history/record';
import type { Timeline } from '@/lib/history/timeline';

export interface History {
  /** What is known of each record (none while nothing is read yet). */
  timelines: Timeline[];
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
    const timeline = record ? await recordTimeline(database(), kind, record) : null;
    return { timelines: timeline ? [timeline] : [] };
  }, [kind, record?.id, record?.date, record?.total]);
}

/** The histories of several links (a channel's, a campaign's), to be summed. */
export function useLinksHistory(links: readonly Watched[]): History | undefined {
  const signature = links.map((l) => `${l.id}:${l.total}`).join(',');
  return useLiveQuery(async () => ({ timelines: await timelinesOf(database(), 'link', links) }), [signature]);
}

/**
 * When this browser began to record totals, while that is less than `days` days ago (null after, or
 * before anything was read): a gain over the last `days` days is then a gain since that moment.
 */
export function useRecordingSince(days: number): number | null {
  const since = useLiveQuery(() => historySince(database()), []);
  const now = useNow();
  return since != null && since > now - days * 86_400_000 ? since : null;
}
