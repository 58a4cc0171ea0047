import type { LinkForm } from '@/lib/api/inputs/links';
import type { createSyncEngine } from '@/lib/engine/engine';
import type { ShortenPlace } from '@/lib/links/shorten';
import type { SendOwn } from '@/lib/sync/answer';
import { freshDb } from '../sync/db';
import { engineFor, type FakeService, fakeService } from '../sync/fake-service';

/** A service that makes every link as asked, except an alias it says is taken. */
export const service = () =>
  fakeService(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/url/add') {
      if (body?.custom === 'taken')
        return { status: 400, body: { error: 1, message: 'custom: alias is already taken' } };
      return { body: { error: 0, id: 7, shorturl: `https://s.test/${body?.custom ?? 'abc'}` } };
    }
    return { status: 404, body: { error: 1, message: 'no route' } };
  });

/** What the worker does with a person's change: sends it at once, or drains when it cannot go at once. */
export const sendWith =
  (engine: ReturnType<typeof createSyncEngine>): SendOwn =>
  async (own) =>
    own ? engine.sendOwn(own.entries) : { ...(await engine.drain()), sentKeys: [], made: {} };

/** The mirror and the worker's engine, the claimed link handed to it as the worker's own send does. */
export function placeWith(fake: FakeService, waitMs = 5_000): ShortenPlace & { fake: FakeService } {
  const db = freshDb();
  const engine = engineFor(db, fake);
  return { db, fake, waitMs, send: sendWith(engine) };
}

export const pageForm = (extra: Partial<LinkForm> = {}): LinkForm => ({
  url: 'https://example.com/page',
  metatitle: 'A page about things',
  ...extra,
});
