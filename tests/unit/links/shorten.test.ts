import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '@/lib/engine/engine';
import { shortenLink } from '@/lib/links/shorten';
import { freshDb } from '../sync/db';
import { fakeService } from '../sync/fake-service';
import { pageForm, placeWith, sendWith, service } from './shorten-place';

describe('shortening a link', () => {
  it('made: the service answered, and the link keeps the page title', async () => {
    const place = placeWith(service());
    const outcome = await shortenLink(place, { form: pageForm(), key: 'l0000000000000abc' });
    expect(outcome).toMatchObject({
      state: 'made',
      link: { shorturl: 'https://s.test/abc', longurl: 'https://example.com/page', title: 'A page about things' },
    });
    // Under the key it was asked with (a page's, lib/links/handed.ts).
    expect(outcome.state === 'made' && outcome.link.key).toBe('l0000000000000abc');
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
    const outcome = await shortenLink(place, { form: pageForm({ custom: 'taken' }) });
    expect(outcome).toMatchObject({ state: 'refused', error: { kind: 'validation', field: 'custom' } });
    expect(await place.db.links.count()).toBe(0);
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
