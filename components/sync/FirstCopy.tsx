import { useLiveQuery } from 'dexie-react-hooks';
import { formatNumber } from '@/components/ui/format';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { type LinksHere, linksHere } from '@/lib/links/copy';
import { MirrorProgress } from './MirrorProgress';
import { useCopyState } from './useCopyState';

/** "1,200 of about 1,500 links copied so far"; without a total until the service has said one. */
export function copiedSoFar(copied: number, expected: number | null): string {
  return expected !== null && expected > copied
    ? plural('firstCopy.soFarOf', expected, { copied: formatNumber(copied) })
    : plural('firstCopy.soFar', copied);
}

/** The links in the shown mirror, live: each page the copy writes counts at once. */
export function useLinksHere(): LinksHere | undefined {
  const db = database();
  return useLiveQuery(() => linksHere(db), [db]);
}

/**
 * Where the first copy of a connection just made stands, for the page that made it: the links
 * copied so far (of about how many, once known) while it runs, then that it is done, with the count.
 * Nothing while either is still being read.
 */
export function FirstCopyStatus() {
  const state = useCopyState();
  const here = useLinksHere();
  if (!state || !here) return null;
  if (state.copy) {
    return (
      <div className="stack" data-testid="first-copy">
        <p>{copiedSoFar(here.count, state.links?.expected ?? null)}</p>
        <MirrorProgress />
      </div>
    );
  }
  if (!here.copiedOnce) return null;
  return (
    <p role="status" data-testid="first-copy-done">
      {here.count === 0 ? t('firstCopy.doneNone') : plural('firstCopy.done', here.count)}
    </p>
  );
}
