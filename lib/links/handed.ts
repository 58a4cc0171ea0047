import { ApiError } from '../api/errors';
import { type LinkForm, linkFieldsOf, parseLinkForm } from '../api/inputs/links';
import { newLocalKey } from '../db/keys';
import type { LinkpilotDb } from '../db/schema';
import type { ShortenedReply } from '../messages/reports';
import { sendRequest } from '../messages/send';
import { awaitHere } from '../sync/answered-here';
import { checkShortening, type Shortened, shortenLink } from './shorten';

export function toReply(shortened: Shortened): ShortenedReply {
  return shortened.state === 'refused' ? { state: 'refused', error: shortened.error.toJSON() } : shortened;
}

function fromReply(reply: ShortenedReply): Shortened {
  return reply.state === 'refused' ? { state: 'refused', error: ApiError.from(reply.error) } : reply;
}

export type AskWorker = (request: {
  type: 'link.shorten';
  key: string;
  fields: Record<string, unknown>;
  placement: { channelKey: string | null; campaignKey: string | null };
}) => Promise<ShortenedReply>;

/**
 * "Shorten" in a page (the popup's and the dashboard's forms): the link is handed to the worker in
 * the same task as the click, and the worker writes, queues and sends it (lib/links/shorten.ts, as
 * for the shortcut and the menu). A page may close the instant after the click (a person clicks
 * elsewhere and the popup goes), and whatever it had not yet committed to IndexedDB goes with it;
 * the worker outlives it. Only a form the client itself refuses stays here: nothing is written then.
 *
 * The key is chosen here, and `queued` told it at once. A worker that cannot be asked, or fails
 * before it answers, leaves the page to write the link itself under the same key: a link the worker
 * wrote before it failed is then the one answered, not made twice.
 */
export function shortenHanded(
  db: LinkpilotDb,
  request: { form: LinkForm; placement: { channelKey: string | null; campaignKey: string | null } },
  {
    queued,
    ask = sendRequest,
    now = Date.now,
  }: { queued?: (key: string) => void; ask?: AskWorker; now?: () => number } = {},
): Promise<Shortened> {
  const { form, placement } = request;
  // Checked before anything is awaited: the worker must be asked within the click's own task.
  if (parseLinkForm(form, new Date(now())).errors) return invalid(db, form, now);
  const key = newLocalKey(now());
  const fields = linkFieldsOf(form);
  const asked = ask({ type: 'link.shorten', key, fields, placement });
  queued?.(key);
  // Written and perhaps refused by the worker: this page's banner leaves it out while the form waits.
  const release = awaitHere(key);
  return asked.then(
    (reply) => {
      const shortened = fromReply(reply);
      // Refused, the worker deleted the link before it answered: this page may read it a moment longer.
      release(shortened.state === 'refused' ? 'taken back' : undefined);
      return shortened;
    },
    // Without a worker no answer can come: the link is queued here, and said to be, at once.
    () => shortenLink({ db, now, waitMs: 0 }, { fields, placement, key }).finally(() => release()),
  );
}

/** Every problem of a form the client refuses, with those only the mirror knows (an alias taken). */
async function invalid(db: LinkpilotDb, form: LinkForm, now: () => number): Promise<Shortened> {
  const checked = await checkShortening(db, { form }, new Date(now()));
  return { state: 'invalid', errors: checked.errors ?? {} };
}
