import { copyFromWorker, readyWorkerClipboard } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';
import { notify } from '@/lib/browser/notify';
import { errorInWords, problemInWords } from '@/lib/browser/problems-in-words';
import { pageLinkAsDefaults } from '@/lib/links/page-link-defaults';
import { type Shortened, type ShortenRequest, shortenLink } from '@/lib/links/shorten';
import { whyNotShortenable } from '@/lib/pages/shortenable';
import type { SendOwn } from '@/lib/sync/answer';
import type { Utm } from '@/lib/utm/utm';
import type { BackgroundSync } from './sync';

const NOTHING_SENT = { sentKeys: [], made: {} };

/** The short link of one address, or what to tell the person instead (a notification's title and text). */
export type ShortLinkOutcome =
  | { shorturl: string; existing: boolean }
  | { shorturl?: undefined; title: string; text: string };

/**
 * The short link of a URL asked for from a browser surface (context menu, keyboard shortcut, a
 * text field), with the active connection: the page's existing link, or the one the popup's
 * "Shorten this page" would make, sent at once by this worker (lib/links/shorten.ts).
 */
export async function shortLinkFor(
  sync: BackgroundSync,
  url: string | undefined,
  page: { title?: string; utm?: Utm } = {},
): Promise<ShortLinkOutcome> {
  if (!url) return { title: t('notify.nothingTitle'), text: t('notify.nothingText') };
  const why = whyNotShortenable(url);
  if (why) return { title: t('notify.cannotTitle'), text: problemInWords(why) };
  const { form, placement } = await pageLinkAsDefaults({ url, title: page.title ?? '' }, page.utm);
  // A refused page link is taken back, not left in Sync: the notification says why, and all that
  // was sent is the page's address and title, which the page still has for another try.
  const shortened = await shortenHere(sync, { form, placement, reuseExisting: true });
  if (!shortened) return { title: t('notify.notConnectedTitle'), text: t('notify.notConnectedText') };
  return outcomeOf(shortened);
}

/**
 * A link made by this worker with the active connection, sent at once beside any drain: for the
 * browser surfaces, and for a page's form, which hands its link here (lib/links/handed.ts). Null
 * when no connection is active.
 */
export async function shortenHere(sync: BackgroundSync, request: ShortenRequest): Promise<Shortened | null> {
  const active = await sync.active();
  if (!active) return null;
  const send: SendOwn = async (own) => {
    const report = own ? await sync.sendOwn(own.database, own.entries) : NOTHING_SENT;
    // Whatever else waits goes behind it (a link not sent at once waits for that, behind what it needs).
    void active.drain().catch((e: unknown) => console.error('Linkpilot: sending a new link failed', e));
    return report;
  };
  // Offline there is no answer to wait for: the link is saved, and said to be, at once.
  const place = { db: active.db, send, ...(navigator.onLine ? {} : { waitMs: 0 }) };
  return shortenLink(place, request);
}

function outcomeOf(shortened: Shortened): ShortLinkOutcome {
  switch (shortened.state) {
    case 'existing':
      return { shorturl: shortened.link.shorturl, existing: true };
    case 'made':
      if (shortened.link.shorturl) return { shorturl: shortened.link.shorturl, existing: false };
      return { title: t('notify.savedTitle'), text: t('notify.savedText') };
    case 'queued':
      return { title: t('notify.savedTitle'), text: t('notify.savedText') };
    case 'refused':
      return { title: t('notify.refusedTitle'), text: errorInWords(shortened.error, t('notify.refused')) };
    case 'invalid': {
      const [first] = Object.values(shortened.errors);
      return { title: t('notify.cannotTitle'), text: first ? problemInWords(first) : t('notify.refused') };
    }
  }
}

/** Shortens a URL from the context menu or the shortcut and copies the short link, or says why not. */
export async function shortenAndCopy(sync: BackgroundSync, url: string | undefined, title = ''): Promise<void> {
  // Beside the look-up and the request, not after them: the copy at the end then waits for nothing.
  if (url) readyWorkerClipboard().catch(() => undefined);
  const outcome = await shortLinkFor(sync, url, { title });
  if (outcome.shorturl === undefined) return notify(outcome.title, outcome.text);
  const copied = await copyFromWorker(outcome.shorturl);
  return notify(
    copied ? t('notify.copiedTitle') : t('notify.readyTitle'),
    outcome.existing ? t('notify.alreadyShortened', { url: outcome.shorturl }) : outcome.shorturl,
  );
}
