import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import * as actions from '@/lib/sync/actions';
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
    expect(await db.qrs.count()).toBe(1);
    expect(await db.overlays.count()).toBe(2);
    expect(await db.splashPages.count()).toBe(2);
    expect(await db.channelItems.count()).toBe(2);
    expect((await db.meta.get('pull:cursor'))?.value).toBeNull();
  });

  it('sends local changes exactly once and writes the server ids back', async () => {
    const db = new LinkpilotDb('send-changes');
    const engine = engineFor(db);
    const channel = await actions.create({ db }, 'channel', { name: 'Engine channel', color: '#123456' });
    const link = await actions.create({ db }, 'link', {
      input: { url: 'https://example.com/engine' },
      channelKey: channel,
    });
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

  it('flags, without deleting, a look-alike made just before a create of ours; deleting it keeps ours', async () => {
    const db = new LinkpilotDb('twins');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    // A copy as a browser's resend would make it: the service acts on the first request too.
    const twin = await (
      await fetch(`${server.url}/api/channel/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Sent twice' }),
      })
    ).json();
    // Another record made at the same moment, with another name, is no look-alike.
    const elsewhere = await actions.create({ db }, 'channel', { name: 'Made once' });
    const mine = await actions.create({ db }, 'channel', { name: 'Sent twice' });
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.channels.where('name').anyOf('Sent twice', 'Made once').toArray();
    expect(rows.find((r) => r.id === twin.id)?.twinOf).toBe(mine);
    expect(rows.filter((r) => r.twinOf !== undefined)).toHaveLength(1);
    expect((await db.channels.get(elsewhere))?.twinOf).toBeUndefined();

    await actions.remove({ db }, 'channel', [rows.find((r) => r.id === twin.id)!.key]);
    await engine.drain();
    const left = await (
      await fetch(`${server.url}/api/channels?limit=100`, { headers: { Authorization: `Bearer ${server.apiKey}` } })
    ).json();
    expect(
      left.data.channels.filter((c: { name: string }) => c.name === 'Sent twice').map((c: { id: number }) => c.id),
    ).toEqual([(await db.channels.get(mine))!.id]);
  });

  it('a QR code sent twice cannot be deleted through the API: its copy stays, flagged', async () => {
    const db = new LinkpilotDb('resent-qr');
    const engine = engineFor(db, resendingFetch('/api/qr/add'));
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.create({ db }, 'qr', { type: 'text', data: 'Resent QR', name: 'Resent QR' } as never);
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.qrs.where('name').equals('Resent QR').toArray();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.key !== mine)?.twinOf).toBe(mine);
  });

  it('a look-up that finds the create made twice adopts one; the next pull flags the other for one-click delete', async () => {
    const db = new LinkpilotDb('found-twice');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.create({ db }, 'channel', { name: 'Found twice', color: '#445566' });
    // The worker stopped while the create was on the wire; meanwhile the service made it twice.
    const made: number[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/api/channel/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Found twice', color: '#445566' }),
      });
      made.push(((await response.json()) as { id: number }).id);
    }
    await db.outbox
      .where('key')
      .equals(mine)
      .modify({ state: 'inflight', sentAt: Date.now() - 60_000 });
    await engine.drain();
    const adopted = (await db.channels.get(mine))?.id;
    expect(made).toContain(adopted);

    await engine.requestPull();
    await engine.drain();
    const copy = await db.channels
      .where('id')
      .equals(made.find((id) => id !== adopted)!)
      .first();
    expect(copy?.twinOf).toBe(mine);
    await actions.remove({ db }, 'channel', [copy!.key]);
    await engine.drain();
    const left = (await serverList('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Found twice',
    );
    expect(left.map((c: { id: number }) => c.id)).toEqual([adopted]);
    expect(await db.channels.where('name').equals('Found twice').count()).toBe(1);
  });

  it('a short link without an alias sent twice by the browser is flagged (the API cannot delete links)', async () => {
    const db = new LinkpilotDb('resent-link');
    const engine = engineFor(db, resendingFetch('/api/url/add'));
    await engine.requestPull();
    await engine.drain();
    const mine = await actions.create({ db }, 'link', { input: { url: 'https://example.com/resent-link' } });
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
