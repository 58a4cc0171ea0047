import { describe, expect, it } from 'vitest';
import { call, expectError, serverPerFile } from './http';

const ctx = serverPerFile();
const s = () => ctx.server;

describe('channels', () => {
  it('create, update, list items, assign and delete (which unassigns)', async () => {
    const created = await call(s(), 'POST', '/api/channel/add', {
      name: 'Reading',
      description: 'Later',
      color: '#AA00CC',
      starred: true,
    });
    expect(created.json).toEqual({
      error: 0,
      id: expect.any(Number),
      name: 'Reading',
      description: 'Later',
      color: '#AA00CC',
      starred: true,
    });
    const id = created.json.id as number;

    const link = (await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/reading' })).json.id as number;
    const qr = (await call(s(), 'POST', '/api/qr/add', { type: 'text', data: 'hello' })).json.id as number;
    for (const [type, item] of [
      ['links', link],
      ['qr', qr],
    ] as const) {
      expect((await call(s(), 'POST', `/api/channel/${id}/assign/${type}/${item}`)).json).toEqual({
        error: 0,
        message: expect.any(String),
      });
    }
    const items = await call(s(), 'GET', `/api/channel/${id}`);
    expect(items.json.error).toBe('0');
    expect(items.json.data.items).toHaveLength(2);
    for (const item of items.json.data.items) {
      expect(Object.keys(item).sort()).toEqual(['date', 'id', 'link', 'preview', 'title', 'type']);
      expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    expect((await call(s(), 'PUT', `/api/channel/${id}/update`, { starred: false })).json).toEqual({
      error: 0,
      message: expect.any(String),
    });
    const listed = (await call(s(), 'GET', '/api/channels')).json.data.channels.find(
      (c: { id: number }) => c.id === id,
    );
    expect(listed).toEqual({ id, name: 'Reading', description: 'Later', color: '#AA00CC', starred: false });

    expect((await call(s(), 'DELETE', `/api/channel/${id}/delete`)).json).toEqual({
      error: 0,
      message: expect.any(String),
    });
    expectError(await call(s(), 'GET', `/api/channel/${id}`), 404, /Channel not found/);
    // Its items are free again: assignable to another channel, and the link itself still exists.
    const other = (await call(s(), 'POST', '/api/channel/add', { name: 'Other' })).json.id;
    expect((await call(s(), 'POST', `/api/channel/${other}/assign/links/${link}`)).status).toBe(200);
    expect((await call(s(), 'GET', `/api/url/${link}`)).status).toBe(200);
  });

  it('refuses bad input with the field named', async () => {
    expectError(await call(s(), 'POST', '/api/channel/add', {}), 400, /^name:/);
    expectError(
      await call(s(), 'POST', '/api/channel/add', { name: 'x', color: 'red' }),
      400,
      /^color: must be a HEX colour/,
    );
    expectError(await call(s(), 'POST', '/api/channel/add', { name: 'x', starred: 'yes' }), 400, /^starred:/);
    expectError(await call(s(), 'PUT', '/api/channel/1/update', {}), 400, /nothing to update/);
    expectError(await call(s(), 'POST', '/api/channel/1/assign/pages/1'), 400, /^type: must be one of links, bio, qr/);
    expectError(await call(s(), 'POST', '/api/channel/1/assign/links/999999'), 404, /Link not found/);
    expectError(await call(s(), 'DELETE', '/api/channel/999999/delete'), 404, /Channel not found/);
    expectError(await call(s(), 'PUT', '/api/channel/abc/update', { name: 'x' }), 404, /Channel not found/);
  });
});

describe('branded domains', () => {
  it('create, list, update redirects, delete', async () => {
    const created = await call(s(), 'POST', '/api/domain/add', {
      domain: 'https://links.example.org',
      redirect404: 'https://example.org/404',
    });
    expect(created.json).toEqual({ error: 0, id: expect.any(Number) });
    const id = created.json.id;
    expect((await call(s(), 'PUT', `/api/domain/${id}/update`, { redirectroot: 'https://example.org' })).json).toEqual({
      error: 0,
      message: expect.any(String),
    });
    const listed = (await call(s(), 'GET', '/api/domains')).json.data.domains.find((d: { id: number }) => d.id === id);
    expect(listed).toEqual({
      id,
      domain: 'https://links.example.org',
      redirectroot: 'https://example.org',
      redirect404: 'https://example.org/404',
    });
    expect((await call(s(), 'DELETE', `/api/domain/${id}/delete`)).json.error).toBe(0);
    expect((await call(s(), 'GET', '/api/domains')).json.data.domains.some((d: { id: number }) => d.id === id)).toBe(
      false,
    );
  });

  it('refuses a domain without scheme, with a path, taken, or changed', async () => {
    expectError(await call(s(), 'POST', '/api/domain/add', { domain: 'links.example.org' }), 400, /^domain:/);
    expectError(
      await call(s(), 'POST', '/api/domain/add', { domain: 'https://links.example.org/x' }),
      400,
      /^domain: must be only a scheme and host/,
    );
    expectError(
      await call(s(), 'POST', '/api/domain/add', { domain: 'https://go.linkpilot.test' }),
      400,
      /^domain: is already registered/,
    );
    expectError(
      await call(s(), 'POST', '/api/domain/add', {
        domain: 'https://ok.example.org',
        redirectroot: 'javascript:alert(1)',
      }),
      400,
      /^redirectroot:/,
    );
    const id = (await call(s(), 'GET', '/api/domains')).json.data.domains[0].id;
    expectError(
      await call(s(), 'PUT', `/api/domain/${id}/update`, { domain: 'https://other.example.org' }),
      400,
      /^domain: cannot be changed/,
    );
  });
});

describe('campaigns', () => {
  it('create and update answer with the name under `domain`; lists carry it per the slug rule', async () => {
    const plain = await call(s(), 'POST', '/api/campaign/add', { name: 'Plain', public: false });
    expect(plain.json).toEqual({
      error: 0,
      id: expect.any(Number),
      domain: 'Plain',
      public: false,
      rotator: false,
      list: expect.stringMatching(/\/campaign\/\d+$/),
    });
    const rotating = await call(s(), 'POST', '/api/campaign/add', {
      name: 'Rotating',
      slug: 'rotating-one',
      public: true,
    });
    expect(rotating.json.rotator).toBe(`${s().url}/r/rotating-one`);
    const updated = await call(s(), 'PUT', `/api/campaign/${plain.json.id}/update`, { name: 'Plain renamed' });
    expect(updated.json).toMatchObject({ error: 0, id: plain.json.id, domain: 'Plain renamed' });
    const list = (await call(s(), 'GET', '/api/campaigns')).json.data.campaigns as Record<string, unknown>[];
    expect(list.find((c) => c.id === plain.json.id)).toEqual({
      id: plain.json.id,
      name: 'Plain renamed',
      public: false,
      rotator: false,
      list: expect.any(String),
    });
    expect(list.find((c) => c.id === rotating.json.id)).toEqual({
      id: rotating.json.id,
      domain: 'Rotating',
      public: true,
      rotator: expect.any(String),
      list: expect.any(String),
    });
  });

  it('assigns links, rotates between them, lists public links, and unassigns on delete', async () => {
    const c = (await call(s(), 'POST', '/api/campaign/add', { name: 'Rotor', slug: 'rotor', public: true })).json.id;
    const a = (await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/a', status: 'public' })).json.id;
    const b = (await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/b', status: 'private' })).json.id;
    for (const link of [a, b])
      expect((await call(s(), 'POST', `/api/campaign/${c}/assign/${link}`)).json.error).toBe(0);
    const targets = new Set<string>();
    for (let i = 0; i < 2; i++)
      targets.add((await fetch(`${s().url}/r/rotor`, { redirect: 'manual' })).headers.get('location')!);
    expect(targets).toEqual(new Set(['https://example.com/a', 'https://example.com/b']));
    const page = await (await fetch(`${s().url}/campaign/${c}`)).text();
    expect(page).toContain('example.com/a');
    expect(page).not.toContain('example.com/b');
    expect((await call(s(), 'DELETE', `/api/campaign/${c}/delete`)).json.error).toBe(0);
    expect((await fetch(`${s().url}/r/rotor`, { redirect: 'manual' })).status).toBe(404);
  });

  it('refuses a taken slug, a bad slug, an update without name and unknown ids', async () => {
    expectError(
      await call(s(), 'POST', '/api/campaign/add', { name: 'x', slug: 'rotating-one' }),
      400,
      /^slug: is already taken/,
    );
    expectError(await call(s(), 'POST', '/api/campaign/add', { slug: 'no spaces' }), 400, /^slug:/);
    expectError(await call(s(), 'PUT', '/api/campaign/1/update', { public: true }), 400, /^name:/);
    expectError(await call(s(), 'POST', '/api/campaign/1/assign/999999'), 404, /Link not found/);
    expectError(await call(s(), 'DELETE', '/api/campaign/999999/delete'), 404, /Campaign not found/);
  });
});
