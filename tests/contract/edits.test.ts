import { describe, expect, it } from 'vitest';
import { PIXEL_TYPES } from '@/lib/api/schemas/pixels';
import { call, expectError, serverPerFile } from './http';

/** Update and delete of links and QR codes, and pixels: beyond the seed's operations (server/README.md). */
const ctx = serverPerFile();
const s = () => ctx.server;

async function newLink(body: Record<string, unknown> = {}) {
  const made = await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/first', ...body });
  expect(made.status).toBe(200);
  return made.json as { id: number; shorturl: string };
}
const visit = (shorturl: string) => call(s(), 'GET', new URL(shorturl).pathname, undefined, null);
const details = async (id: number) => (await call(s(), 'GET', `/api/url/${id}`)).json;

describe('link update', () => {
  it('changes the destination and keeps the clicks, answering {error, id, short} with rate headers', async () => {
    const link = await newLink();
    expect((await visit(link.shorturl)).status).toBe(302);
    const updated = await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/second' });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ error: 0, id: link.id, short: link.shorturl });
    expect(updated.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const after = await details(link.id);
    expect(after.details.longurl).toBe('https://example.com/second');
    // The automatic title follows the new address; the clicks stay.
    expect(after.details.title).toBe('example.com/second');
    expect(after.data.clicks).toBe(1);
    const again = await visit(link.shorturl);
    expect(again.headers.get('location')).toBe('https://example.com/second');
  });

  it('takes a new alias, keeps its own in another case, and refuses one that is taken', async () => {
    const link = await newLink({ custom: 'edit-mine' });
    const other = await newLink({ custom: 'edit-other' });
    const renamed = await call(s(), 'PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/a',
      custom: 'edit-new',
    });
    expect(renamed.json.short).toBe(`${s().url}/edit-new`);
    const recased = await call(s(), 'PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/a',
      custom: 'EDIT-NEW',
    });
    expect(recased.json.short).toBe(`${s().url}/EDIT-NEW`);
    expectError(
      await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/a', custom: 'Edit-Other' }),
      400,
      /^custom: alias is already taken/,
    );
    expect((await details(other.id)).details.shorturl).toBe(`${s().url}/edit-other`);
  });

  it('takes away an expiry, a password and a channel with null', async () => {
    const channel = (await call(s(), 'POST', '/api/channel/add', { name: 'Edits' })).json.id as number;
    const link = await newLink({ expiry: '2099-01-01 00:00:00', password: 'open sesame', channel });
    expect((await visit(link.shorturl)).status).toBe(200); // the password form
    await call(s(), 'PUT', `/api/url/${link.id}/update`, {
      url: 'https://example.com/open',
      expiry: null,
      password: null,
      channel: null,
    });
    expect((await details(link.id)).details.expiry).toBeNull();
    expect((await visit(link.shorturl)).status).toBe(302);
    const items = (await call(s(), 'GET', `/api/channel/${channel}?limit=100`)).json.data.items as unknown[];
    expect(items).toHaveLength(0);
  });

  it('takes a password away with an empty one too, and keeps it when the field is left out', async () => {
    const link = await newLink({ password: 'open sesame' });
    await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/kept' });
    expect((await visit(link.shorturl)).status).toBe(200); // still the password form
    await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: 'https://example.com/kept', password: '' });
    expect((await visit(link.shorturl)).headers.get('location')).toBe('https://example.com/kept');
  });

  it('refuses what url/add refuses, and a url that is missing', async () => {
    const link = await newLink();
    expectError(await call(s(), 'PUT', `/api/url/${link.id}/update`, { custom: 'x-y-z' }), 400, /^url:/);
    expectError(await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: 'not a url' }), 400, /^url:/);
    expectError(
      await call(s(), 'PUT', `/api/url/${link.id}/update`, {
        url: 'https://example.com',
        expiry: '2001-01-01 00:00:00',
      }),
      400,
      /^expiry: must lie in the future/,
    );
    expectError(
      await call(s(), 'PUT', `/api/url/${link.id}/update`, { url: `${s().url}/loop` }),
      400,
      /^url: must not point back/,
    );
  });

  it("answers 404 for another account's link, for update and delete alike", async () => {
    const link = await newLink();
    const stranger = s().createAccount({ email: 'stranger-edits@linkpilot.test' });
    const asStranger = (method: string, path: string, body?: unknown) => call(s(), method, path, body, stranger.apiKey);
    expectError(
      await asStranger('PUT', `/api/url/${link.id}/update`, { url: 'https://evil.example' }),
      404,
      /not found/i,
    );
    expectError(await asStranger('DELETE', `/api/url/${link.id}/delete`), 404, /not found/i);
    expect((await details(link.id)).details.longurl).toBe('https://example.com/first');
  });
});

describe('link delete', () => {
  it('deletes the link, its visits and its place in a channel; a second delete is a 404', async () => {
    const channel = (await call(s(), 'POST', '/api/channel/add', { name: 'Deletes' })).json.id as number;
    const link = await newLink({ channel });
    await visit(link.shorturl);
    const gone = await call(s(), 'DELETE', `/api/url/${link.id}/delete`);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ error: 0, message: expect.any(String) });
    expectError(await call(s(), 'GET', `/api/url/${link.id}`), 404, /not found/i);
    expect((await visit(link.shorturl)).status).toBe(404);
    expect((await call(s(), 'GET', `/api/channel/${channel}?limit=100`)).json.data.items).toHaveLength(0);
    expect(s().db.prepare('SELECT COUNT(*) AS n FROM visits WHERE link_id = ?').get(link.id)).toEqual({ n: 0 });
    expectError(await call(s(), 'DELETE', `/api/url/${link.id}/delete`), 404, /not found/i);
  });
});

describe('QR code update and delete', () => {
  it('renames, re-colours and re-points a code; a new type needs its data', async () => {
    const made = (
      await call(s(), 'POST', '/api/qr/add', { type: 'link', data: 'https://example.com/menu', name: 'Menu' })
    ).json;
    const renamed = await call(s(), 'PUT', `/api/qr/${made.id}/update`, {
      name: 'Lunch menu',
      foreground: 'rgb(10,20,30)',
      data: 'https://example.com/lunch',
    });
    expect(renamed.json).toEqual({ error: 0, id: made.id, link: made.link });
    expect((await call(s(), 'GET', `/api/qr/${made.id}`)).json.details.name).toBe('Lunch menu');
    expectError(await call(s(), 'PUT', `/api/qr/${made.id}/update`, { type: 'text' }), 400, /^data: is required/);
    expectError(await call(s(), 'PUT', `/api/qr/${made.id}/update`, { data: 'not a url' }), 400, /^data:/);
    const retyped = await call(s(), 'PUT', `/api/qr/${made.id}/update`, { type: 'text', data: 'Hello' });
    expect(retyped.status).toBe(200);
  });

  it('deletes a code; another account cannot', async () => {
    const made = (await call(s(), 'POST', '/api/qr/add', { type: 'text', data: 'Bye' })).json;
    const stranger = s().createAccount({ email: 'stranger-qr@linkpilot.test' });
    expectError(await call(s(), 'DELETE', `/api/qr/${made.id}/delete`, undefined, stranger.apiKey), 404, /not found/i);
    expect((await call(s(), 'DELETE', `/api/qr/${made.id}/delete`)).json.error).toBe(0);
    expectError(await call(s(), 'GET', `/api/qr/${made.id}`), 404, /not found/i);
  });
});

describe('pixels', () => {
  it('lists, adds, renames and deletes pixels; a deleted pixel leaves the links that used it', async () => {
    const listed = (await call(s(), 'GET', '/api/pixels')).json;
    expect(listed.data.pixels.map((p: { name: string }) => p.name).sort()).toEqual(['Facebook ads', 'Site analytics']);
    expect(listed.data.pixels[0]).toEqual({
      id: expect.any(Number),
      type: expect.any(String),
      name: expect.any(String),
      tag: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const added = await call(s(), 'POST', '/api/pixel/add', { type: 'linkedin', name: 'LinkedIn', tag: '12345' });
    expect(added.json).toEqual({ error: 0, id: expect.any(Number) });
    const id = added.json.id as number;
    expect((await call(s(), 'PUT', `/api/pixel/${id}/update`, { name: 'LinkedIn insight' })).json.error).toBe(0);
    const link = await newLink({ pixels: [id] });
    expect(s().db.prepare('SELECT pixels FROM links WHERE id = ?').get(link.id)).toEqual({ pixels: `[${id}]` });
    expect((await call(s(), 'DELETE', `/api/pixel/${id}/delete`)).json.error).toBe(0);
    expect(s().db.prepare('SELECT pixels FROM links WHERE id = ?').get(link.id)).toEqual({ pixels: '[]' });
  });

  // The client offers its own list of networks (the local service imports nothing from the client):
  // each one it offers must be one the service takes.
  it('takes a pixel of every network the client offers', async () => {
    for (const type of PIXEL_TYPES) {
      const added = await call(s(), 'POST', '/api/pixel/add', { type, name: `On ${type}`, tag: '1' });
      expect([type, added.json.error]).toEqual([type, 0]);
    }
  });

  it('refuses a pixel of another network, without a name, or unknown on a link', async () => {
    expectError(await call(s(), 'POST', '/api/pixel/add', { type: 'myspace', name: 'x', tag: '1' }), 400, /^type:/);
    expectError(await call(s(), 'POST', '/api/pixel/add', { type: 'facebook', tag: '1' }), 400, /^name:/);
    expectError(
      await call(s(), 'POST', '/api/url/add', { url: 'https://example.com', pixels: [99999] }),
      400,
      /^pixels\.0: no pixel/,
    );
  });
});

describe('a service without edits (--without-edits)', () => {
  const plain = serverPerFile({ edits: false });
  it('answers the new routes as absent (404, "Unknown API endpoint.") and keeps pixel ids as given', async () => {
    const p = () => plain.server;
    const link = (await call(p(), 'POST', '/api/url/add', { url: 'https://example.com', pixels: [99999] })).json;
    expect(link.error).toBe(0);
    for (const [method, path] of [
      ['PUT', `/api/url/${link.id}/update`],
      ['DELETE', `/api/url/${link.id}/delete`],
      ['PUT', '/api/qr/1/update'],
      ['DELETE', '/api/qr/1/delete'],
      ['GET', '/api/pixels'],
      ['POST', '/api/pixel/add'],
    ] as const) {
      expectError(
        await call(p(), method, path, method === 'GET' ? undefined : { url: 'https://example.com' }),
        404,
        /^Unknown API endpoint/,
      );
    }
  });
});
