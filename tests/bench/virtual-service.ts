/**
 * The sync engine and the local server on one virtual clock, with the service's real rate limit
 * (30 requests a minute): hours of background refresh run in seconds, and no figure needs scaling.
 * The engine runs in Node over fake-indexeddb, as the worker would, woken as the worker is: by the
 * alarm it asks for and by the one-minute tick.
 */
import 'fake-indexeddb/auto';
import { LinkpilotDb } from '../../lib/db/schema';
import { createSyncEngine } from '../../lib/engine/engine';
import { pullInProgress } from '../../lib/refresh/pull';
import { type RunningServer, startServer } from '../../server/start';
import { insertLinks } from './seed';

const MINUTE = 60_000;

export interface Sent {
  at: number;
  path: string;
}

export interface RunOptions {
  /** Looked at after every wake-up of the worker. */
  done?: () => Promise<boolean>;
  /** Something a page does every `ms` (renewing what it shows), followed by a wake-up of the worker. */
  every?: { ms: number; run: () => Promise<void> };
}

export interface VirtualSetup {
  server: RunningServer;
  db: LinkpilotDb;
  engine: ReturnType<typeof createSyncEngine>;
  /** Every request the engine sent, at virtual time. */
  sent: Sent[];
  now(): number;
  /** Runs the worker until `until` (virtual time) or until `o.done` says so, with `o.every` on its own beat. */
  runUntil(until: number, o?: RunOptions): Promise<number>;
  close(): Promise<void>;
}

/** A server holding `links` links (and a few of every other kind), and an engine that has copied it all once. */
export async function virtualService(links: number, sharePercent = 10): Promise<VirtualSetup> {
  let clock = Date.UTC(2026, 0, 5, 9);
  const now = () => clock;
  const server = await startServer({
    port: 0,
    db: ':memory:',
    rateLimit: 30,
    rateWindowSec: 60,
    demo: false,
    now: () => new Date(clock),
  });
  const account = server.createAccount({ email: 'bench@linkpilot.test' });
  insertLinks(server, account.id, links, clock - links * MINUTE);
  for (let i = 0; i < 5; i++) {
    await call(server, account.apiKey, '/api/channel/add', { name: `Channel ${i}` });
    await call(server, account.apiKey, '/api/campaign/add', { name: `Campaign ${i}` });
  }
  const sent: Sent[] = [];
  const db = new LinkpilotDb(`bench-refresh-${links}-${Date.now()}`);
  let wakeAt = Number.POSITIVE_INFINITY;
  const engine = createSyncEngine({
    db,
    connection: async () => ({ baseUrl: server.url, apiKey: account.apiKey }),
    fetch: async (input, init) => {
      sent.push({ at: clock, path: new URL(input instanceof Request ? input.url : String(input)).pathname });
      return fetch(input, init);
    },
    now,
    sleep: async (ms) => {
      clock += ms;
    },
    random: () => 0.5,
    sharePercent: () => sharePercent,
    wakeAt: (at) => {
      wakeAt = Math.min(wakeAt, at);
    },
  });

  async function runUntil(until: number, o: RunOptions = {}): Promise<number> {
    let tick = Math.floor(clock / MINUTE) * MINUTE + MINUTE;
    let beat = o.every ? clock : Number.POSITIVE_INFINITY;
    // Bounded: every round moves the clock on, at most to the next tick or beat.
    for (let round = 0; round < 1_000_000 && clock < until; round++) {
      if (clock >= beat && o.every) {
        await o.every.run();
        beat += o.every.ms;
      }
      wakeAt = Number.POSITIVE_INFINITY;
      await engine.drain();
      if (await o.done?.()) return clock;
      clock = Math.max(clock + 1, Math.min(wakeAt, tick, beat, until));
      if (clock >= tick) tick += MINUTE;
    }
    return clock;
  }

  await engine.requestPull();
  await runUntil(clock + 24 * 60 * MINUTE, { done: async () => !(await pullInProgress(db)) });
  if ((await db.links.count()) !== links) throw new Error('bench: the first copy did not finish');
  sent.length = 0;
  return {
    server: Object.assign(server, { apiKey: account.apiKey }),
    db,
    engine,
    sent,
    now,
    runUntil,
    async close() {
      db.close();
      await server.close();
    },
  };
}

/** A request of another client of the same account. */
export async function call(server: RunningServer, apiKey: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench: ${path} answered HTTP ${res.status}`);
  return res.json();
}
