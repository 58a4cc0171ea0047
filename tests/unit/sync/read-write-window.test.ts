import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { writeMeta } from '@/lib/db/meta';
import { initialBudget, RESERVE } from '@/lib/engine/budget';
import { budgetKey } from '@/lib/engine/budget-store';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';
import { engineFor, fakeService } from './fake-service';
import { detailsOf, mirroredLink } from './mirrored-link';

// The entry as rebased is kept by replaceEntry; here it waits until the test lets it go.
const keeping = vi.hoisted(() => {
  let open: () => void = () => {};
  const state = { gate: Promise.resolve(), done: false };
  return {
    state,
    close() {
      state.done = false;
      state.gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
});
vi.mock('@/lib/sync/outbox', async (original) => {
  const real = await original<typeof import('@/lib/sync/outbox')>();
  return {
    ...real,
    replaceEntry: async (...args: Parameters<typeof real.replaceEntry>) => {
      await Dexie.waitFor(keeping.state.gate);
      const key = await real.replaceEntry(...args);
      keeping.state.done = true;
      return key;
    },
  };
});

describe('an edit read before it is sent', () => {
  it('is written at once after the read, while the rebased entry is kept; its answer is handled once that is kept', async () => {
    const db = freshDb();
    await mirroredLink(db);
    // Another writer changed the title since: the edit goes with the read, the title stays theirs.
    await actions.update({ db }, 'link', 'l5', { url: 'https://example.com/mine' });
    keeping.close();
    let keptWhenWritten: boolean | undefined;
    const service = fakeService(({ method }) => {
      if (method === 'GET')
        return {
          body: { error: 0, id: 5, details: { ...detailsOf(5), title: 'Theirs' }, data: 0 },
        };
      keptWhenWritten = keeping.state.done;
      return { body: { error: 0, id: 5, short: 'https://s.test/docs5' } };
    });
    // Without the write going first, it would wait for the keep: let it go after a while either way.
    const letGo = setTimeout(keeping.open, 1_000);
    const drained = engineFor(db, service).drain();
    await vi.waitFor(() => expect(keptWhenWritten).toBeDefined(), { timeout: 5_000 });
    expect(keptWhenWritten).toBe(false);
    keeping.open();
    await drained;
    clearTimeout(letGo);
    expect(service.sent()).toEqual(['GET /api/url/5', 'PUT /api/url/5/update']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get('l5')).toMatchObject({
      longurl: 'https://example.com/mine',
      title: 'Theirs',
      sync: 'synced',
    });
  });

  it('goes after its read without waiting on IndexedDB: what the service offers was read before the record', async () => {
    const db = freshDb();
    await mirroredLink(db);
    await actions.update({ db }, 'link', 'l5', { url: 'https://example.com/mine' });
    // As the read's answer comes, another transaction writes the meta store (the budget's write of the
    // answer's headers, say) and stays open until the test lets it go.
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let holding = false;
    let heldWhenWritten: boolean | undefined;
    const service = fakeService(({ method }) => {
      if (method === 'GET') {
        holding = true;
        void db
          .transaction('rw', db.meta, () => Dexie.waitFor(held))
          .then(() => {
            holding = false;
          });
        return { body: { error: 0, id: 5, details: detailsOf(5), data: 0 } };
      }
      heldWhenWritten = holding;
      letGo();
      return { body: { error: 0, id: 5, short: 'https://s.test/docs5' } };
    });
    // A write that waited for the meta store would wait for this.
    const timer = setTimeout(letGo, 1_000);
    await engineFor(db, service).drain();
    clearTimeout(timer);
    expect(service.sent()).toEqual(['GET /api/url/5', 'PUT /api/url/5/update']);
    expect(heldWhenWritten).toBe(true);
    expect(await db.links.get('l5')).toMatchObject({ longurl: 'https://example.com/mine', sync: 'synced' });
  });

  it('waits for a window with room for its write too, rather than spend the last request on a read it must repeat', async () => {
    const db = freshDb();
    await mirroredLink(db);
    await actions.update({ db }, 'link', 'l5', { url: 'https://example.com/mine' });
    const clock = { t: Date.now() };
    const start = clock.t;
    // Two requests left: the outbox keeps one back, so one could go, the read, and its write not.
    await writeMeta(db, budgetKey, {
      ...initialBudget(),
      remaining: RESERVE[1] + 1,
      resetAt: clock.t + 30_000,
      observedAt: clock.t,
    });
    const service = fakeService(({ method }) =>
      method === 'GET'
        ? { body: { error: 0, id: 5, details: detailsOf(5), data: 0 } }
        : { body: { error: 0, id: 5, short: 'https://s.test/docs5' } },
    );
    const engine = engineFor(db, service, clock);
    await engine.drain();
    expect(service.sent()).toEqual(['GET /api/url/5', 'PUT /api/url/5/update']);
    // The drain slept through the rest of that window: both went in the next, once each.
    expect(clock.t).toBeGreaterThanOrEqual(start + 30_000);
    expect(await db.outbox.count()).toBe(0);
  });
});
