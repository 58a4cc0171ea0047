import { describe, expect, it } from 'vitest';
import type { LinkForm } from '@/lib/api/inputs/links';
import { createSyncEngine } from '@/lib/engine/engine';
import { type ShortenPlace, shortenLink } from '@/lib/links/shorten';
import type { SendOwn } from '@/lib/sync/answer';
import { freshDb } from '../sync/db';
import { engineFor, type FakeService, fakeService } from '../sync/fake-service';

/** A service that makes every link as asked, except an alias it says is taken. */
const service = () =>
  fakeService(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/url/add') {
      if (body?.custom === 'taken')
        return { status: 400, body: { error: 1, message: 'custom: alias is already taken' } };
      return { body: { error: 0, id: 7, shorturl: `https://s.test/${body?.custom ?? 'abc'}` } };
    }
    return { status: 404, body: { error: 1, message: 'no route' } };
  });

/** What the worker does with a person's change: sends it at once, or drains when it cannot go at once. */
const sendWith =
  (engine: ReturnType<typeof createSyncEngine>): SendOwn =>
  async (own) =>
    own ? engine.sendOwn(own.entries) : { ...(await engine.drain()), sentKeys: [], made: {} };

/** The mirror and the worker's engine, the claimed link handed to it as the worker's own send does. */
function placeWith(fake: FakeService, waitMs = 5_000): ShortenPlace & { fake: FakeService } {
  const db = freshDb();
  const engine = engineFor(db, fake);
  return { db, fake, waitMs, send: sendWith(engine) };
}

const pageForm = (extra: Partial<LinkForm> = {}): LinkForm => ({
  url: 'https://example.com/page',
  metatitle: 'A page about things',
  ...extra,
});

describe('shortening a link', () => {
  it('made: the service answered, and the link keeps the page title', async () => {
    const place = placeWith(service());
    const queued: string[] = [];
    const outcome = await shortenLink(place, { form: pageForm(), queued: (key) => queued.push(key) });
    expect(outcome).toMatchObject({
      state: 'made',
      link: { shorturl: 'https://s.test/abc', longurl: 'https://example.com/page', title: 'A page about things' },
    });
    expect(queued).toHaveLength(1);
    expect(place.fake.requests.find((r) => r.path === '/api/url/add')?.body).toMatchObject({
      url: 'https://example.com/page',
      metatitle: 'A page about things',
    });
  });

  it('already shortened: a surface without a form gets the page link, and nothing is sent', async () => {
    const place = placeWith(service());
    await shortenLink(place, { form: pageForm() });
    const before = place.fake.requests.length;
    // The same page, tracking parameters aside.
    const again = await shortenLink(place, {
      form: pageForm({ url: 'https://example.com/page?utm_source=x' }),
      reuseExisting: true,
    });
    expect(again).toMatchObject({ state: 'existing', link: { shorturl: 'https://s.test/abc' } });
    expect(place.fake.requests).toHaveLength(before);
  });

  it('already shortened, from a form: another link is made, as the form describes', async () => {
    const place = placeWith(service());
    await shortenLink(place, { form: pageForm() });
    expect(await shortenLink(place, { form: pageForm({ custom: 'second' }) })).toMatchObject({
      state: 'made',
      link: { shorturl: 'https://s.test/second' },
    });
  });

  it('refused: taken back, row and entry, with the service’s reason', async () => {
    const place = placeWith(service());
    let key = '';
    const outcome = await shortenLink(place, { form: pageForm({ custom: 'taken' }), queued: (k) => (key = k) });
    expect(outcome).toMatchObject({ state: 'refused', error: { kind: 'validation', field: 'custom' } });
    expect(key).not.toBe('');
    expect(await place.db.links.get(key)).toBeUndefined();
    expect(await place.db.outbox.count()).toBe(0);
  });

  it('offline: written and queued, and said to be', async () => {
    const fake = fakeService(() => new TypeError('Failed to fetch'));
    const db = freshDb();
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: fake.fetch,
      isOnline: () => false,
    });
    const outcome = await shortenLink({ db, waitMs: 200, send: sendWith(engine) }, { form: pageForm() });
    expect(outcome).toMatchObject({ state: 'queued', link: { title: 'A page about things', sync: 'pending' } });
    expect(await db.outbox.count()).toBe(1);
    expect(fake.requests).toHaveLength(0);
  });

  it('invalid: checked once, at the start, and nothing is written', async () => {
    const place = placeWith(service());
    const outcome = await shortenLink(place, { form: pageForm({ url: 'javascript:alert(1)', custom: 'a' }) });
    expect(outcome.state).toBe('invalid');
    expect(Object.keys(outcome.state === 'invalid' ? outcome.errors : {}).sort()).toEqual(['custom', 'url']);
    expect(await place.db.outbox.count()).toBe(0);
    expect(place.fake.requests).toHaveLength(0);
  });

  it('one of the account’s own short links: refused here, before anything is queued', async () => {
    const place = placeWith(service());
    await shortenLink(place, { form: pageForm() });
    const outcome = await shortenLink(place, { form: pageForm({ url: 'https://s.test/abc' }) });
    expect(outcome).toEqual({ state: 'invalid', errors: { url: 'refusal.urlPointsBack' } });
  });
});
