import { type KeyboardEvent, lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { usePainted } from '@/components/hooks/usePainted';
import { QrImage } from '@/components/qr/QrImage';
import { useCopies } from '@/components/state/copies';
import { displayUrl } from '@/components/ui/format';
import { QrCode, Search } from '@/components/ui/icons';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { FIRST_SCREEN_PART, LIVE_PAINTED } from '@/lib/browser/first-screen-snapshot';
import { t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { CopyButton, copyAndSay } from './CopyButton';

/** What a copy made with Enter in the list is recorded as: the row's Copy button shows it, the list announces it. */
const BY_KEYBOARD = 'recent-keyboard';
const LiveRecent = lazy(() => import('./LiveRecent').then((m) => ({ default: m.LiveRecent })));
/**
 * Recent links with instant local search (alias, title, description, URLs), each with copy and QR.
 * Keyboard first: `/` goes to the search, the arrow keys move through the results, Enter copies the
 * chosen short URL, Escape clears the search. `focusSearch` puts the cursor there on opening.
 * `initial`: the newest links, read before the page rendered, shown until the live query answers;
 * until the page has painted, only the first `initialInView` of them (those the picture of the last
 * first screen held in view): each row costs the first render, and those below are out of sight.
 * `ready`: whether the rest of the screen is there too; the list says it is ready (`data-ready`) only
 * then, so that whoever waits for it finds the whole popup, not only the list.
 */
export function RecentLinks({
  limit = 20,
  focusSearch = false,
  initial,
  initialInView,
  ready,
}: {
  limit?: number;
  focusSearch?: boolean;
  initial?: LinkRow[] | undefined;
  initialInView?: number | undefined;
  ready: boolean;
}) {
  const [query, setQuery] = useState('');
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [copiedName, setCopiedName] = useState('');
  const keyboardCopy = useCopies((s) => (s.last?.by === BY_KEYBOARD && s.last.ok ? s.last : null));
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusSearch) search.current?.focus();
  }, [focusSearch]);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        search.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const rows = () => [...(list.current?.querySelectorAll<HTMLElement>('[data-testid="recent-link"]') ?? [])];
  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && rows()[0]) {
      event.preventDefault();
      rows()[0]!.focus();
    }
    if (event.key === 'Escape' && query) {
      // Clears the search; a second Escape closes the popup as usual.
      event.preventDefault();
      setQuery('');
    }
  }
  // Stable, as the rows are memoised: a row re-renders only when its own link changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads only refs and state setters, which never change.
  const onRowKey = useCallback((event: KeyboardEvent<HTMLLIElement>, shortUrl: string, name: string) => {
    if (event.target !== event.currentTarget) return;
    const all = rows();
    const at = all.indexOf(event.currentTarget);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[at + 1]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      (all[at - 1] ?? search.current)?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
      search.current?.focus();
    } else if (event.key === 'Enter' && shortUrl) {
      event.preventDefault();
      setCopiedName(name);
      void copyAndSay(shortUrl, BY_KEYBOARD);
    }
  }, []);
  const onQr = useCallback((key: string) => setQrFor((open) => (open === key ? null : key)), []);

  // The live answer once it comes; until then the rows read beforehand (none yet for a search).
  const painted = usePainted();
  const [live, setLive] = useState<{ query: string; links: LinkRow[] } | null>(null);
  const links = live?.query === query ? live.links : query ? undefined : initial;
  const drawn = painted || initialInView === undefined ? links : links?.slice(0, initialInView);
  return (
    <section className="stack recent" aria-labelledby="recent-heading" {...FIRST_SCREEN_PART}>
      {painted ? (
        <Suspense fallback={null}>
          <LiveRecent query={query} limit={limit} onLinks={setLive} />
        </Suspense>
      ) : null}
      <div className="row-between">
        <h2 id="recent-heading" className="list-heading">
          {query ? t('recent.results') : t('recent.heading')}
        </h2>
      </div>
      <div className="search-box">
        <Search size={15} aria-hidden="true" />
        <input
          ref={search}
          type="search"
          aria-label={t('recent.searchLabel')}
          aria-keyshortcuts="/"
          placeholder={t('recent.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onSearchKey}
        />
      </div>
      <span role="status" className="visually-hidden">
        {keyboardCopy ? t('recent.copiedOf', { name: copiedName }) : ''}
      </span>
      <ul
        ref={list}
        aria-label={t('recent.listLabel')}
        className="recent-list"
        data-testid="recent-links"
        data-ready={links && ready ? 'true' : 'false'}
      >
        {drawn?.map((link) => (
          <RecentRow key={link.key} link={link} qrOpen={qrFor === link.key} onQr={onQr} onKey={onRowKey} />
        ))}
        {links && links.length === 0 ? (
          <li className="muted recent-empty" elementtiming={LIVE_PAINTED}>
            {query ? t('recent.noMatch') : t('recent.empty')}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

type RowKey = (event: KeyboardEvent<HTMLLIElement>, shortUrl: string, name: string) => void;

/** What a row shows of its link: a row is drawn again only when one of these changed. */
const SHOWN: readonly (keyof LinkRow)[] = ['key', 'title', 'longurl', 'shorturl', 'alias', 'sync'];

/**
 * Whether a row would draw the same. Each answer of the live list is read anew from the mirror, so
 * every link in it is a new object even when nothing changed: compared by what the row shows, a new
 * link made redraws its own row, not the twenty under it, while the person waits for its short URL.
 */
export function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.qrOpen === b.qrOpen &&
    a.onQr === b.onQr &&
    a.onKey === b.onKey &&
    SHOWN.every((field) => Object.is(a.link[field], b.link[field]))
  );
}

export interface RowProps {
  link: LinkRow;
  qrOpen: boolean;
  onQr: (key: string) => void;
  onKey: RowKey;
}

/** One link of the list. Memoised: the popup re-renders around the list (a new link made, say) without redrawing it. */
const RecentRow = memo(function RecentRow({ link, qrOpen, onQr, onKey }: RowProps) {
  const name = link.title || displayUrl(link.longurl);
  const short = link.shorturl ? displayUrl(link.shorturl) : '';
  return (
    <li
      className="recent-link"
      data-testid="recent-link"
      tabIndex={-1}
      aria-label={`${name}${short ? `, ${short}` : ''}`}
      onKeyDown={(e) => onKey(e, link.shorturl, name)}
    >
      <div className="recent-text">
        <LinkTitle title={link.title} url={link.longurl} className="recent-title" elementtiming={LIVE_PAINTED} />
        {/* A link with no short URL yet says so once, where its short URL will stand. */}
        <span className="recent-short">
          {short ? <LinkText kind="short" text={link.shorturl} /> : <SyncBadge state={link.sync} />}
        </span>
      </div>
      {short ? <SyncBadge state={link.sync} /> : null}
      {link.shorturl ? <CopyButton text={link.shorturl} item={short} /> : null}
      {link.shorturl ? (
        <button
          type="button"
          className="ghost small icon-only"
          aria-label={t('common.qrFor', { name: link.alias || short })}
          aria-expanded={qrOpen}
          onClick={() => onQr(link.key)}
        >
          <QrCode size={15} aria-hidden="true" />
        </button>
      ) : null}
      {qrOpen && link.shorturl ? (
        <div className="recent-qr">
          <QrImage text={link.shorturl} size={120} label={t('common.qrFor', { name: short })} fileName={link.alias} />
        </div>
      ) : null}
    </li>
  );
}, sameRow);
