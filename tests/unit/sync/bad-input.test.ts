import { describe, expect, it } from 'vitest';
import { problemInWords } from '@/lib/browser/problems-in-words';
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
    const message = String((error as Error).message);
    expect(isClearRejection(error, c.field), `${c.field}: ${message}`).toBe(true);
    // Said in words: a message the catalogue has, not its key.
    expect(problemInWords(message)).not.toMatch(/^input\./);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.count()).toBe(0);
    db.close();
  });
});
