import Dexie, { liveQuery } from 'dexie';
import { ApiError } from '../api/errors';
import type { LinkpilotDb, OutboxOp } from '../db/schema';
import type { Row } from '../kinds/table';
import type { OwnSent } from '../messages/reports';
import type { ActionContext } from './actions';
import { discardChange } from './actions';
import { awaitHere } from './answered-here';
import { sendWhenAsked } from './kick';
import type { Claimed } from './outbox';
import { readReachability } from './reachability';

/**
 * How long a form waits for the service's answer to a create before it says "queued". Long enough
 * for a service that answers at once (milliseconds) behind a request or two of the worker's.
 */
export const ANSWER_WAIT_MS = 4_000;

/**
 * Where a queued create stands: made on the service (with what it answered, when the answer came
 * with the worker's reply), refused (with why), or still queued.
 */
export type Answer =
  | { state: 'made'; fields: Row }
  | { state: 'refused'; seq: number; error: ApiError }
  | { state: 'queued' };

/**
 * Resolves when the create of record `key` has its answer: made (the worker's reply says so, or its
 * entry left the outbox), refused (its entry failed), or still queued, because the service is known
 * to be out of reach, a try failed in a way that is tried again later, or `waitMs` passed.
 */
export function answerTo(
  db: LinkpilotDb,
  key: string,
  waitMs = ANSWER_WAIT_MS,
  /** Resolves when the worker has sent what it could, with what went and what the service answered. */
  sent?: Promise<OwnSent>,
  /** The change waited for: a record's create, or its update or delete. */
  op: OutboxOp = 'create',
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
        .filter((e) => e.op === op)
        .first(),
      reach: await readReachability(db),
    });
    const judge = ({ create, reach }: Awaited<ReturnType<typeof read>>) => {
      if (!create) return finish({ state: 'made', fields: {} });
      if (create.state === 'failed' && create.error)
        return finish({ state: 'refused', seq: create.seq!, error: ApiError.from(create.error) });
      if (reach?.reachable === false || (create.state === 'pending' && create.error)) finish({ state: 'queued' });
    };
    const watch = () => {
      if (!done) subscription = liveQuery(read).subscribe({ next: judge, error: () => finish({ state: 'queued' }) });
    };
    if (!sent) return watch();
    // The worker replies as soon as the service answered, before its write reaches this page: only
    // without an answer for this record is the outbox watched, so that no reading of it stands in
    // the way of the worker's writes meanwhile.
    void sent.then((report) => {
      const fields = report.made[key] ?? (report.sentKeys.includes(key) ? {} : undefined);
      if (fields) finish({ state: 'made', fields });
      else watch();
    }, watch);
  });
}

/**
 * Hands a person's claimed changes to whatever sends them, and resolves with what went; without
 * any (a change that could not go at once), asks for what is queued to be sent.
 */
export type SendOwn = (own?: { database: string; entries: Claimed[] }) => Promise<OwnSent>;

/**
 * Queues a create a person just made (in a form, or from a browser surface: lib/links/shorten.ts),
 * claimed, hands it to the worker and waits for its answer. Refused, the create is taken back (its
 * record and entry go, as a discard does) and the refusal is thrown, for the form to show at its
 * field with what they typed, or a notification to say; nothing is left in the queue to fail later. Returns the record's key and what the service answered ({} when that is
 * only known to be written), or null for the answer when the create stays queued.
 */
export async function createAnswered(
  db: LinkpilotDb,
  create: (ctx: ActionContext) => Promise<string>,
  {
    waitMs = ANSWER_WAIT_MS,
    queued,
    send = sendWhenAsked,
  }: {
    waitMs?: number;
    queued?: (key: string) => void;
    /** How the claimed change reaches the worker: asked by message from a page, called in the worker itself. */
    send?: SendOwn;
  } = {},
): Promise<{ key: string; made: Row | null }> {
  const { sent, claimed, release } = handedOver(db, send);
  try {
    const key = await create({ db, priority: 0, claimed });
    queued?.(key);
    const answer = await answerTo(db, key, waitMs, sent[0] ?? send());
    if (answer.state === 'refused') {
      await discardChange({ db }, answer.seq);
      throw answer.error;
    }
    return { key, made: answer.state === 'made' ? answer.fields : null };
  } finally {
    release();
  }
}

/**
 * A person's change handed to the worker as soon as it is queued (its reading waits for the commit),
 * and marked as answered in the form here until `release` (lib/sync/answered-here.ts).
 */
function handedOver(db: LinkpilotDb, send: SendOwn = sendWhenAsked) {
  const sent: Promise<OwnSent>[] = [];
  const held: (() => void)[] = [];
  // Outside the transaction it is told in: what follows from the reply is no part of it.
  const claimed = (entry: Claimed) =>
    Dexie.ignoreTransaction(() => {
      held.push(awaitHere(entry.key));
      sent.push(send({ database: db.name, entries: [entry] }));
    });
  return {
    sent,
    claimed,
    release: () => {
      for (const letGo of held) letGo();
    },
  };
}

/**
 * The same for an update or a delete a person just made (the details' Save or Delete): queued
 * claimed, handed to the worker, and waited for. Refused, it is taken back (as a discard: the
 * record shows again what it was) and the refusal thrown. 'made' also when the service turned out
 * not to offer the operation: the change is then already taken back, and the caller reads that from
 * the capability (lib/kinds/capabilities.ts).
 */
export async function changeAnswered(
  db: LinkpilotDb,
  key: string,
  op: 'update' | 'delete',
  act: (ctx: ActionContext) => Promise<void>,
  waitMs = ANSWER_WAIT_MS,
): Promise<'made' | 'queued'> {
  const { sent, claimed, release } = handedOver(db);
  try {
    await act({ db, priority: 0, claimed });
    const answer = await answerTo(db, key, waitMs, sent[0] ?? sendWhenAsked(), op);
    if (answer.state === 'refused') {
      await discardChange({ db }, answer.seq);
      throw answer.error;
    }
    return answer.state;
  } finally {
    release();
  }
}
