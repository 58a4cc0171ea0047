import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import * as actions from '@/lib/sync/actions';
import { createSyncEngine } from '@/lib/sync/engine';
import { type RunningServer, startServer } from '../../server/start';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, db: ':memory:', rateLimit: 1000 });
});
afterAll(async () => {
  await server.close();
});

const engineFor = (db: LinkpilotDb, fetch?: typeof globalThis.fetch) =>
  createSyncEngine({ db, fetch, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });

/**
 * What Chromium does when a reused connection closes before the answer: it sends the same POST
 * again by itself. The service acts on both; the page hears only the second answer.
 */
function resendingFetch(path: string) {
  let armed = true;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (armed && String(input).endsWith(path) && init?.method === 'POST') {
      armed = false;
      await (await fetch(input, init)).arrayBuffer();
    }
    return fetch(input, init);
  }) as typeof globalThis.fetch;
}

const serverList = async (path: string) =>
  (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${server.apiKey}` } })).json();

describe('the sync engine against the local server', () => {
  it('mirrors every collection', async () => {
    const db = new LinkpilotDb('mirror-all');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    expect(await db.account.get('me')).toMatchObject({ email: 'demo@linkpilot.test' });
    expect((await db.channels.toArray()).map((c) => c.name).sort()).toEqual(['News', 'Social']);
    expect((await db.domains.toArray()).map((d) => d.domain)).toEqual(['https://go.linkpilot.test']);
    expect(await db.campaigns.count()).toBe(1);
    expect(await db.links.count()).toBe(3);
    expect(await db.qrCodes.count()).toBe(1);
    expect(await db.overlays.count()).toBe(2);
    expect(await db.splashPages.count()).toBe(2);
    expect(await db.channelItems.count()).toBe(2);
    expect((await db.meta.get('pull:cursor'))?.value).toBeNull();
  });

  it('sends local changes exactly once and writes the server ids back', async () => {
    const db = new LinkpilotDb('send-changes');
    const engine = engineFor(db);
    const channel = await actions.createChannel({ db }, { name: 'Engine channel', color: '#123456' });
    const link = await actions.createLink(
      { db },
      { input: { url: 'https://example.com/engine' }, channelKey: channel },
    );
    const report = await engine.drain();
    expect(report.sent).toBe(2);
    const row = await db.links.get(link);
    expect(row?.shorturl).toMatch(new RegExp(`^${server.url}/`));
    const items = await (
      await fetch(`${server.url}/api/channel/${(await db.channels.get(channel))!.id}`, {
        headers: { Authorization: `Bearer ${server.apiKey}` },
      })
    ).json();
    expect(items.data.items).toEqual([expect.objectContaining({ type: 'links', id: row!.id })]);
  });

  it('flags, without deleting, a look-alike made just before a create whose answer did not show a resend; deleting it keeps ours', async () => {
    const db = new LinkpilotDb('twins');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    // The first copy: what the service made from the request the browser sent before resending it.
    const twin = await (
      await fetch(`${server.url}/api/channel/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Sent twice' }),
      })
    ).json();
    // Sent first, its answer shows the request counted above: the create that follows is not
    // marked as resent, so its look-alike is only flagged (it may be someone else's record).
    const elsewhere = await actions.createChannel({ db }, { name: 'Made once' });
    const mine = await actions.createChannel({ db }, { name: 'Sent twice' });
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.channels.where('name').anyOf('Sent twice', 'Made once').toArray();
    expect(rows.find((r) => r.id === twin.id)?.twinOf).toBe(mine);
    expect(rows.filter((r) => r.twinOf !== undefined)).toHaveLength(1);
    expect((await db.channels.get(elsewhere))?.twinOf).toBeUndefined();

    await actions.deleteChannel({ db }, rows.find((r) => r.id === twin.id)!.key);
    await engine.drain();
    const left = await (
      await fetch(`${server.url}/api/channels?limit=100`, { headers: { Authorization: `Bearer ${server.apiKey}` } })
    ).json();
    expect(
      left.data.channels.filter((c: { name: string }) => c.name === 'Sent twice').map((c: { id: number }) => c.id),
    ).toEqual([(await db.channels.get(mine))!.id]);
  });

  it('deletes unasked the copy of a create the browser resent: the rate-limit count shows the extra request', async () => {
    const db = new LinkpilotDb('resent-channel');
    const engine = engineFor(db, resendingFetch('/api/channel/add'));
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.createChannel({ db }, { name: 'Resent by the browser', color: '#0A0B0C' });
    await engine.drain();
    expect((await db.channels.get(mine))?.sentTwice).toMatchObject({ name: 'Resent by the browser' });
    const before = (await serverList('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Resent by the browser',
    );
    expect(before).toHaveLength(2);

    await engine.requestPull();
    await engine.drain();
    const after = (await serverList('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Resent by the browser',
    );
    expect(after.map((c: { id: number }) => c.id)).toEqual([(await db.channels.get(mine))!.id]);
    expect(await db.channels.where('name').equals('Resent by the browser').count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a QR code sent twice cannot be deleted through the API: its copy stays, flagged', async () => {
    const db = new LinkpilotDb('resent-qr');
    const engine = engineFor(db, resendingFetch('/api/qr/add'));
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.createQrCode({ db }, { type: 'text', data: 'Resent QR', name: 'Resent QR' } as never);
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.qrCodes.where('name').equals('Resent QR').toArray();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.key !== mine)?.twinOf).toBe(mine);
  });

  it('a resent create whose second answer is a 500 is looked for before it is sent again: the first copy is adopted', async () => {
    const db = new LinkpilotDb('resent-then-500');
    let armed = true;
    const fetchWith500 = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (armed && String(input).endsWith('/api/channel/add') && init?.method === 'POST') {
        armed = false;
        // The first request is made; the resend (counted too) fails with a server error.
        await (await fetch(input, init)).arrayBuffer();
        const counted = await fetch(`${server.url}/api/account`, {
          headers: { Authorization: `Bearer ${server.apiKey}` },
        });
        const headers = new Headers({ 'Content-Type': 'application/json' });
        for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
          headers.set(name, counted.headers.get(name) ?? '');
        return new Response(JSON.stringify({ error: 1, message: 'Internal server error.' }), { status: 500, headers });
      }
      return fetch(input, init);
    }) as typeof globalThis.fetch;
    // The engine's clock runs ahead by every sleep it asks for, so a backoff passes at once
    // whatever the speed of the machine (real sleeps skipped with a real clock spin until MAX_STEPS).
    let skipped = 0;
    const now = () => Date.now() + skipped;
    const sleep = async (ms: number) => {
      skipped += ms;
    };
    const engine = createSyncEngine({
      db,
      fetch: fetchWith500,
      now,
      sleep,
      connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }),
    });
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.createChannel({ db }, { name: 'Resent then refused' });
    // Sleeps only move the engine's clock: the retry after the 500 runs within this drain.
    await engine.drain();
    expect(armed).toBe(false);
    const onServer = (await serverList('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Resent then refused',
    );
    expect(onServer.map((c: { id: number }) => c.id)).toEqual([(await db.channels.get(mine))!.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a look-up that finds the create made twice adopts one and the next pull deletes the other', async () => {
    const db = new LinkpilotDb('found-twice');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.createChannel({ db }, { name: 'Found twice', color: '#445566' });
    // The worker stopped while the create was on the wire; meanwhile the service made it twice
    // (the request and the browser's resend of it).
    for (let i = 0; i < 2; i++) {
      await fetch(`${server.url}/api/channel/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Found twice', color: '#445566' }),
      });
    }
    await db.outbox
      .where('key')
      .equals(mine)
      .modify({ state: 'inflight', sentAt: Date.now() - 60_000 });
    await engine.drain();
    expect((await db.channels.get(mine))?.sentTwice).toBeDefined();

    await engine.requestPull();
    await engine.drain();
    const left = (await serverList('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Found twice',
    );
    expect(left.map((c: { id: number }) => c.id)).toEqual([(await db.channels.get(mine))!.id]);
    expect(await db.channels.where('name').equals('Found twice').count()).toBe(1);
  });

  it('a short link without an alias sent twice by the browser is flagged (the API cannot delete links)', async () => {
    const db = new LinkpilotDb('resent-link');
    const engine = engineFor(db, resendingFetch('/api/url/add'));
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.createLink({ db }, { input: { url: 'https://example.com/resent-link' } });
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.links
      .where('longurlKey')
      .equals((await db.links.get(mine))!.longurlKey)
      .toArray();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.key !== mine)?.twinOf).toBe(mine);
    expect((await db.links.toArray()).filter((r) => r.twinOf !== undefined)).toHaveLength(1);
  });
});
