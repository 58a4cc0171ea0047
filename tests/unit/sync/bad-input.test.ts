import { describe, expect, it } from 'vitest';
import { BAD_INPUT_CASES, isClearRejection } from '../../fixtures/bad-input';
import { freshDb } from './db';

describe('bad input in every form field: a clear message, nothing queued', () => {
  it.each(BAD_INPUT_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const db = freshDb();
    const error = await c.run({ db }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'the action should refuse the input').not.toBeNull();
    expect(isClearRejection(error, c.field), `${c.field}: ${String((error as Error).message)}`).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.count()).toBe(0);
    db.close();
  });
});
