import { isApiError } from '@/lib/api/errors';
import { copyFromWorker } from '@/lib/browser/clipboard';
import { notify } from '@/lib/browser/notify';
import { linkForPage } from '@/lib/db/queries';
import { linkDefaultsItem } from '@/lib/settings/link-defaults';
import { createLink } from '@/lib/sync/actions';
import type { BackgroundSync } from './sync';

/**
 * Shortens a URL from a browser surface (context menu, keyboard shortcut) with the active
 * connection: reuses the page's
 * existing link when there is one, otherwise queues a new one at the highest priority and
 * drains at once. The result is copied and confirmed with a notification, or the failure
 * explained; offline, the link waits in the queue and the notification says so.
 */
export async function shortenAndCopy(sync: BackgroundSync, url: string | undefined): Promise<void> {
  if (!url) return notify('Nothing to shorten', 'This tab has no address that can be shortened.');
  const active = await sync.active();
  if (!active)
    return notify(
      'Linkpilot is not connected',
      'Open the dashboard’s Settings and connect to your link service first.',
    );
  const { db } = active;
  const existing = await linkForPage(db, url);
  let key = existing?.key;
  if (!key) {
    try {
      const defaults = await linkDefaultsItem.getValue();
      key = await createLink({ db }, { input: { url, status: defaults.status }, priority: 0 });
    } catch (error) {
      return notify('This address cannot be shortened', isApiError(error) ? error.message : 'It was refused.');
    }
    await active.drain();
  }
  const row = await db.links.get(key);
  const entry = await db.outbox.where('key').equals(key).first();
  if (row?.shorturl) {
    const copied = await copyFromWorker(row.shorturl);
    return notify(
      copied ? 'Short URL copied' : 'Short URL ready',
      `${row.shorturl}${existing ? ' (this page was already shortened)' : ''}`,
    );
  }
  if (entry?.state === 'failed')
    return notify(
      'The service refused this link',
      entry.error?.serverMessage ?? entry.error?.message ?? "Open Linkpilot's Sync page to fix or discard it.",
    );
  return notify(
    'Saved, waiting to sync',
    'The link will be created when the service can be reached. Open the popup to copy it then.',
  );
}
