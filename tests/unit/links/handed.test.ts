import { describe, expect, it } from 'vitest';
import { type AskWorker, shortenHanded, toReply } from '@/lib/links/handed';
import { type ShortenPlace, shortenLink } from '@/lib/links/shorten';
import { answeredHere } from '@/lib/sync/answered-here';
import { pageForm, placeWith, service } from './shorten-place';

const NOWHERE = { channelKey: null, campaignKey: null };

/** The worker as the message handler runs it: the link made in its place, the outcome as a reply. */
const workerIn =
  (place: ShortenPlace): AskWorker =>
  async ({ fields, placement, key }) =>
    toReply(await shortenLink(place, { fields, placement, key }));

const linksAdded = (place: { fake: { requests: { path: string }[] } }) =>
  place.fake.requests.filter((r) => r.path === '/api/url/add').length;

describe('a form hands its link to the worker', () => {
  it('asks the worker before anything is awaited, so a page closed after the click loses nothing', async () => {
    const place = placeWith(service());
    const asked: string[] = [];
    const worker = workerIn(place);
    const queued: string[] = [];
    const outcome = shortenHanded(
      place.db,
      { form: pageForm(), placement: NOWHERE },
      {
        ask: (request) => {
          asked.push(request.key);
          return worker(request);
        },
        queued: (key) => queued.push(key),
      },
    );
    // In the same task as the call: the message is on its way before the page can go.
    expect(asked).toHaveLength(1);
    expect(queued).toEqual(asked);
    expect(await outcome).toMatchObject({ state: 'made', link: { key: asked[0], shorturl: 'https://s.test/abc' } });
    expect(linksAdded(place)).toBe(1);
  });

  it('a refusal comes back as the service said it, nothing is left queued, and no banner here counts it meanwhile', async () => {
    const place = placeWith(service());
    const worker = workerIn(place);
    const counted: boolean[] = [];
    let key = '';
    const outcome = await shortenHanded(
      place.db,
      { form: pageForm({ custom: 'taken' }), placement: NOWHERE },
      {
        ask: async (request) => {
          key = request.key;
          const reply = await worker(request);
          // While the form waits, this page's banner leaves the refused link out (it is shown at its field).
          counted.push(answeredHere.has(request.key));
          return reply;
        },
      },
    );
    expect(counted).toEqual([true]);
    // Let go of once the form has the answer: a refusal left behind would be every page's to count.
    expect(answeredHere.has(key)).toBe(false);
    // Taken back (deleted by the worker before it answered): left out of this page's reads that
    // still hold it, which learn of the delete a moment after the answer.
    expect(answeredHere.leavesOut(key)).toBe(true);
    expect(outcome).toMatchObject({ state: 'refused', error: { kind: 'validation', field: 'custom' } });
    expect(outcome.state === 'refused' && outcome.error).toBeInstanceOf(Error);
    expect(await place.db.outbox.count()).toBe(0);
  });

  it('a worker that cannot be asked: the page writes and queues the link itself, under the same key', async () => {
    const place = placeWith(service());
    let key = '';
    const outcome = await shortenHanded(
      place.db,
      { form: pageForm(), placement: NOWHERE },
      { ask: () => Promise.reject(new Error('no worker')), queued: (k) => (key = k) },
    );
    expect(outcome).toMatchObject({ state: 'queued', link: { key } });
    expect(await place.db.outbox.where('key').equals(key).count()).toBe(1);
    expect(linksAdded(place)).toBe(0);
  });

  it('a worker that wrote the link and failed before answering: the page does not make it twice', async () => {
    const place = placeWith(service());
    // The worker writes the link and its entry, then stops before it sends or answers.
    const offline = { db: place.db, waitMs: 0, send: async () => ({ sentKeys: [], made: {} }) };
    const dying: AskWorker = async ({ fields, placement, key }) => {
      await shortenLink(offline, { fields, placement, key });
      throw new Error('the worker stopped');
    };
    const outcome = await shortenHanded(place.db, { form: pageForm(), placement: NOWHERE }, { ask: dying });
    expect(outcome.state).toBe('queued');
    expect(await place.db.links.count()).toBe(1);
    expect(await place.db.outbox.count()).toBe(1);
  });

  it('a form the client refuses is not handed over: every problem at once, nothing written', async () => {
    const place = placeWith(service());
    let asked = 0;
    const outcome = await shortenHanded(
      place.db,
      { form: pageForm({ url: 'not a web address', custom: 'a' }), placement: NOWHERE },
      {
        ask: async () => {
          asked += 1;
          throw new Error('not to be asked');
        },
      },
    );
    expect(outcome.state).toBe('invalid');
    expect(Object.keys(outcome.state === 'invalid' ? outcome.errors : {}).sort()).toEqual(['custom', 'url']);
    expect(asked).toBe(0);
    expect(await place.db.links.count()).toBe(0);
  });
});
