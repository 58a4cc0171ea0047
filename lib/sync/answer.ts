import { liveQuery } from 'dexie';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
import type { ActionContext } from './actions';
import { discardChange } from './actions';
import { sendWhenAsked } from './kick';
import { readReachability } from './reachability';

/**
 * How long a form waits for the service's answer to a create before it says "queued". Long enough
 * for a service that answers at once (milliseconds) behind a request or two of the worker's.
 */
export const ANSWER_WAIT_MS = 4_000;

/** Where a queued create stands: made on the service, refused (with why), or still queued. */
export type Answer = { state: 'made' } | { state: 'refused'; seq: number; error: ApiError } | { state: 'queued' };

/**
 * Resolves when the create of record `key` has its answer: made (its entry left the outbox),
 * refused (its entry failed), or still queued, because the service is known to be out of reach,
 * a try failed in a way that is tried again later, or `waitMs` passed without an answer.
 */
export function answerTo(
  db: LinkpilotDb,
  key: string,
  waitMs = ANSWER_WAIT_MS,
  /** Resolves when the worker has sent what it could, with the records whose changes went. */
  sent?: Promise<string[]>,
): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    let subscription: { unsubscribe(): void } | null = null;
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Unsubscribing inside the first `next` call would come before `subscription` is assigned.
      queueMicrotask(() => subscription?.unsubscribe());
      resolve(answer);
    };
    const timer = setTimeout(() => finish({ state: 'queued' }), waitMs);
    const read = async () => ({
      create: await db.outbox
        .where('key')
        .equals(key)
        .filter((e) => e.op === 'create')
        .first(),
      reach: await readReachability(db),
    });
    const judge = ({ create, reach }: Awaited<ReturnType<typeof read>>) => {
      if (!create) return finish({ state: 'made' });
      if (create.state === 'failed' && create.error)
        return finish({ state: 'refused', seq: create.seq!, error: ApiError.from(create.error) });
      if (reach?.reachable === false || (create.state === 'pending' && create.error)) finish({ state: 'queued' });
    };
    const watch = () => {
      if (!done) subscription = liveQuery(read).subscribe({ next: judge, error: () => finish({ state: 'queued' }) });
    };
    if (!sent) return watch();
    // The worker's reply comes before the news of its write reaches this page: a record whose
    // changes went is made (its create went first). Only without that is the outbox watched, so
    // that no reading of it stands in the way of the worker's writes meanwhile.
    void sent.then((keys) => (keys.includes(key) ? finish({ state: 'made' }) : watch()), watch);
  });
}

/**
 * Asks the worker to send a create a person just made in a form, and waits for its answer. Refused, the create is taken back (its
 * record and entry go, as a discard does) and the refusal is thrown, for the form to show at its
 * field with what they typed; nothing is left in the queue to fail later. True when it was made,
 * false when it stays queued.
 */
export async function answered(ctx: ActionContext, key: string, waitMs = ANSWER_WAIT_MS): Promise<boolean> {
  const answer = await answerTo(ctx.db, key, waitMs, sendWhenAsked());
  if (answer.state !== 'refused') return answer.state === 'made';
  await discardChange(ctx, answer.seq);
  throw answer.error;
}
