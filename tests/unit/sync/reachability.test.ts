import { describe, expect, it } from 'vitest';
import { problemInWords } from '@/lib/browser/problems-in-words';
import { readReachability, recordingReachability } from '@/lib/sync/reachability';
import { freshDb } from './db';

describe('whether the service answers', () => {
  it('records a failure to connect, then the next answer, with when each began', async () => {
    const db = freshDb();
    let clock = 1_000;
    let up = false;
    const send = recordingReachability(
      db,
      async () => {
        if (!up) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 500 });
      },
      () => clock,
    );
    await expect(send('https://s.test/api/account')).rejects.toThrow(TypeError);
    // Written behind the request: waited for until it is done, not given a fixed time.
    await send.recorded();
    expect(await readReachability(db)).toMatchObject({ reachable: false, since: 1_000 });
    expect(problemInWords((await readReachability(db))?.message ?? '')).toBe('The service could not be reached.');
    clock = 2_000;
    await expect(send('https://s.test/api/account')).rejects.toThrow(TypeError);
    await send.recorded();
    expect((await readReachability(db))?.since).toBe(1_000);
    up = true;
    clock = 3_000;
    // A 500 is the service answering: reachable.
    expect((await send('https://s.test/api/account')).status).toBe(500);
    await send.recorded();
    expect(await readReachability(db)).toEqual({ reachable: true, since: 3_000, message: null });
    db.close();
  });

  it('records an answer refusing the key, until an answer takes it', async () => {
    const db = freshDb();
    let clock = 1_000;
    let status = 401;
    const send = recordingReachability(
      db,
      async () => new Response('{"error":1}', { status }),
      () => clock,
    );
    await send('https://s.test/api/urls');
    await send.recorded();
    expect(await readReachability(db)).toEqual({ reachable: true, since: 1_000, message: null, keyRefused: true });
    clock = 2_000;
    status = 403;
    await send('https://s.test/api/urls');
    await send.recorded();
    expect((await readReachability(db))?.since).toBe(1_000);
    clock = 3_000;
    status = 200;
    await send('https://s.test/api/urls');
    await send.recorded();
    expect(await readReachability(db)).toEqual({ reachable: true, since: 3_000, message: null });
    db.close();
  });

  it('counts a timeout as unreachable but not an abort the caller asked for', async () => {
    const db = freshDb();
    const failWith = (error: unknown) => recordingReachability(db, async () => Promise.reject(error));
    const aborted = failWith(new DOMException('aborted', 'AbortError'));
    await expect(aborted('https://s.test/')).rejects.toThrow();
    // Every write it began is done: had it counted the abort, the record would be there now.
    await aborted.recorded();
    expect(await readReachability(db)).toBeNull();
    const slow = failWith(new DOMException('slow', 'TimeoutError'));
    await expect(slow('https://s.test/')).rejects.toThrow();
    await slow.recorded();
    expect(await readReachability(db)).toMatchObject({ reachable: false });
    expect(problemInWords((await readReachability(db))?.message ?? '')).toBe('The service did not answer in time.');
    db.close();
  });
});
