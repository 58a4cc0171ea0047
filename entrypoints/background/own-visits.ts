import { liveQuery, type Subscription } from 'dexie';
import { setOwnVisitRules } from '@/lib/browser/own-visit-rules';
import type { LinkpilotDb } from '@/lib/db/schema';
import { type OwnLink, ownVisitRules, plainLinkKeys } from '@/lib/links/own-visits';
import { connectionsItem } from '@/lib/settings/connection';
import { ownVisitsLeftItem, ownVisitsOnItem, plainLinksItem } from '@/lib/settings/own-visits';
import type { BackgroundSync } from './sync';

/** Changes to the links come in bursts (a pull writes pages of them): the rules follow once it settles. */
const REBUILD_DELAY_MS = 1_000;

/**
 * Keeps the redirect rules of "Own visits not counted" in step with the active connection's mirror
 * (lib/links/own-visits.ts) while the setting is on, remembering meanwhile which links are plain.
 */
export function registerOwnVisits(sync: BackgroundSync): void {
  let subscription: Subscription | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let applied = '';

  async function rebuild(db: LinkpilotDb, links: OwnLink[]) {
    const stored = await plainLinksItem.getValue();
    const plain = plainLinkKeys(links, new Set(stored[db.name] ?? []));
    await plainLinksItem.setValue({ ...stored, [db.name]: [...plain] });
    const on = await ownVisitsOnItem.getValue();
    const stats = on ? await db.linkStats.toArray() : [];
    const targeted = new Set(
      stats.filter((s) => s.expiry || s.location.length > 0 || s.device.length > 0).map((s) => s.key),
    );
    const { rules, left } = on ? ownVisitRules(links, plain, targeted) : { rules: [], left: 0 };
    const wanted = JSON.stringify(rules);
    if (wanted !== applied) {
      await setOwnVisitRules(rules);
      applied = wanted;
    }
    await ownVisitsLeftItem.setValue(left);
  }

  async function watch() {
    subscription?.unsubscribe();
    subscription = null;
    const active = await sync.active();
    // Off (the default), nothing is watched: reading the whole mirror on every change to its links
    // held up the worker's own requests (a shortcut's link took ten times as long at 10,000 links).
    // Which links are plain is learnt while it is on; links made while it is off reach the service.
    if (!active || !(await ownVisitsOnItem.getValue())) {
      applied = '';
      return setOwnVisitRules([]);
    }
    const { db } = active;
    subscription = liveQuery(() =>
      db.links.toArray((rows) =>
        rows.map(({ key, shorturl, longurl, date, input }): OwnLink => ({ key, shorturl, longurl, date, input })),
      ),
    ).subscribe({
      next: (links) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          rebuild(db, links).catch((e: unknown) => console.error('Linkpilot: own-visit rules failed', e));
        }, REBUILD_DELAY_MS);
      },
      error: (e: unknown) => console.error('Linkpilot: watching links for own visits failed', e),
    });
  }

  const rewatch = () => void watch().catch((e: unknown) => console.error('Linkpilot: own visits', e));
  ownVisitsOnItem.watch(rewatch);
  connectionsItem.watch(rewatch);
  rewatch();
}
