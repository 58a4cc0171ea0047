import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '@/components/hooks/usePainted';
import { PageLink, warmPageLink } from '@/components/links/PageLink';
import { PageTitleCard } from '@/components/links/PageTitleCard';
import { SamePageLinks } from '@/components/links/SamePageLinks';
import { usePopup } from '@/components/state/popup';
import { LinkTitle } from '@/components/ui/LinkText';
import { copyFromPage } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';
import { problemInWords } from '@/lib/browser/problems-in-words';
import type { PageInfo } from '@/lib/browser/tabs';
import { database } from '@/lib/db/open';
import { linksOfShownPage } from '@/lib/links/queries';
import { whyNotShortenable } from '@/lib/pages/shortenable';

// The form (and the validation library it brings) loads after the rest: a page with a link shows
// it without waiting for the form.
const ShortenForm = lazy(() => import('@/components/links/ShortenForm').then((m) => ({ default: m.ShortenForm })));

/**
 * The page the popup is about: its link (or the one just made), or the form that shortens it, or
 * why it cannot be shortened. Loaded after the first screen: it reads the mirror live, which brings
 * Dexie. `onHasLink` tells the popup whether a link is shown (the search then takes the cursor).
 */
export function PageSection({ page, onHasLink }: { page: PageInfo; onHasLink: (has: boolean) => void }) {
  const { createdKey, createdRow, answering, copy, created, copyDone, shortUrlArrived } = usePopup();
  const db = database();
  const shown = useLiveQuery(
    async () => ({ createdKey, links: await linksOfShownPage(db, createdKey, page.url) }),
    [createdKey, page.url],
  );
  // The answer for an earlier link just made is not this one's.
  const current = !createdKey || shown?.createdKey === createdKey ? shown?.links : undefined;
  // The link as the service answered it stands in until its own query reads it as made, in the
  // mirror it was written in (after a switch of connection, the new mirror does not have it).
  const answered = createdRow?.link.key === createdKey && createdRow.in === db.name ? createdRow.link : undefined;
  const mirrored = createdKey ? current?.[0] : undefined;
  const made = mirrored && (mirrored.id !== null || !answered) ? mirrored : answered;
  const links = createdKey ? (made ? [made] : []) : current;
  // "Make another": the Shorten form although the page has links.
  const [another, setAnother] = useState(false);
  // Until the service has answered "Shorten this page", its form stays: a refusal is shown there.
  const waiting = links?.some((l) => l.key === answering);
  const link = another || waiting ? undefined : links?.[0];
  // Once the link is on screen, not in the frame that draws it: the cursor moving to the search
  // re-renders the whole popup and moves the focus, work that held the new short URL's paint back.
  const hasLink = Boolean(link);
  useEffect(() => afterNextPaint(() => onHasLink(hasLink)), [hasLink, onHasLink]);
  // A page that lives only in this browser (its settings, an extension, a file) has nothing to share.
  const notShortenable = whyNotShortenable(page.url);

  const formShown = !link && !notShortenable && links !== undefined;
  useEffect(() => {
    if (formShown) warmPageLink();
  }, [formShown]);

  // Copy the new short URL as soon as the service has made it, once, while the person still expects it.
  const shortUrl = link?.shorturl;
  useEffect(() => {
    if (shortUrl && shortUrlArrived(Date.now())) void copyFromPage(shortUrl).then(copyDone);
  }, [shortUrl, shortUrlArrived, copyDone]);

  const notice =
    createdKey && link && !link.shorturl && link.sync === 'pending' ? (
      <p role="status" className="banner banner-info" data-testid="pending-note">
        {t('popup.savedPending')}
      </p>
    ) : copy === 'copied' ? (
      <p role="status" className="banner banner-ok" data-testid="copied-note">
        {t('popup.copied')}
      </p>
    ) : copy === 'failed' || copy === 'offered' ? (
      <p role="status" className="banner banner-info" data-testid="copy-offer">
        {t('popup.copyOffer')}
      </p>
    ) : null;

  return (
    <>
      {link ? (
        <PageLink link={link} pageTitle={page.title} notice={notice} justMade={link.key === createdKey} />
      ) : notShortenable ? (
        <section className="card stack" aria-label={t('popup.cannotShorten')} data-testid="not-shortenable">
          <p className="page-title">
            <LinkTitle title={page.title} url={page.url} />
          </p>
          <p className="muted">{problemInWords(notShortenable)}</p>
        </section>
      ) : links === undefined ? (
        // Not the form yet: the page may have a link, which the form would stand in for a moment.
        <PageTitleCard page={page} />
      ) : (
        <Suspense fallback={<PageTitleCard page={page} />}>
          <ShortenForm
            url={page.url}
            title={page.title}
            onCreated={(made) => {
              setAnother(false);
              created(made.key, Date.now(), { link: made, in: db.name });
            }}
          />
        </Suspense>
      )}
      <SamePageLinks links={links ?? []} another={another} onAnother={setAnother} />
    </>
  );
}
