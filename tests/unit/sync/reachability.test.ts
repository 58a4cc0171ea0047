import { describe, expect, it, vi } from 'vitest';
import { problemInWords } from '@/components/ui/problems-in-words';
import { readReachability, recordingReachability } from '@/lib/sync/reachability';
import { freshDb } from './db';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    // Written in the background: waited for, not given a fixed time (the machine may be busy).
    await vi.waitFor(async () => expect(await readReachability(db)).toMatchObject({ reachable: false, since: 1_000 }));
    expect(problemInWords((await readReachability(db))?.message ?? '')).toBe('The service could not be reached.');
    clock = 2_000;
    await expect(send('https://s.test/api/account')).rejects.toThrow(TypeError);
    await settle();
    expect((await readReachability(db))?.since).toBe(1_000);
    up = true;
    clock = 3_000;
    // A 500 is the service answering: reachable.
    expect((await send('https://s.test/api/account')).status).toBe(500);
    await vi.waitFor(async () =>
      expect(await readReachability(db)).toEqual({ reachable: true, since: 3_000, message: null }),
    );
    db.close();
  });

  it('counts a timeout as unreachable but not an abort the caller asked for', async () => {
    const db = freshDb();
    const failWith = (error: unknown) => recordingReachability(db, async () => Promise.reject(error));
    await expect(failWith(new DOMException('aborted', 'AbortError'))('https://s.test/')).rejects.toThrow();
    await settle();
    expect(await readReachability(db)).toBeNull();
    await expect(failWith(new DOMException('slow', 'TimeoutError'))('https://s.test/')).rejects.toThrow();
    await vi.waitFor(async () => expect(await readReachability(db)).toMatchObject({ reachable: false }));
    expect(problemInWords((await readReachability(db))?.message ?? '')).toBe('The service did not answer in time.');
    db.close();
  });
});
