import { useLiveQuery } from 'dexie-react-hooks';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useChangeCount } from '@/components/hooks/useChangeCount';
import { useSearchIndex } from '@/components/hooks/useSearchIndex';
import { PickAllBox } from '@/components/selection/PickAllBox';
import { Gain } from '@/components/stats/Gain';
import { useRecordingSince } from '@/components/stats/useHistory';
import { holdText } from '@/components/sync/MirrorProgress';
import { useCopyState } from '@/components/sync/useCopyState';
import { displayUrl, formatDate, formatDateTime, formatNumber, shortMoment } from '@/components/ui/format';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { gainsByRecord } from '@/lib/history/read';
import type { LinksCopy } from '@/lib/links/copy';
import {
  isFiltered,
  type LinkTableQuery,
  linkTableTotal,
  linkTableWindow,
  listedOrder,
  TRENDING_DAYS,
  watchLinkTable,
} from '@/lib/links/link-table';
import { noteLooked } from '@/lib/refresh/looked';
import { CopyButton } from './CopyButton';

/**
 * How many links the table holds. While a copy is still bringing links it says so, and unfiltered
 * how many it expects: "475 of about 1,500 links — still copying".
 */
function countText(shape: Shape, query: LinkTableQuery, copying: LinksCopy | null): string {
  const capped = shape.capped ? t('links.capped') : '';
  if (!copying) return `${plural('links.count', shape.total)}${capped}`;
  if (copying.expected !== null && !isFiltered(query) && copying.expected > shape.total)
    return t('links.copyingOf', { count: formatNumber(shape.total), expected: formatNumber(copying.expected) });
  return `${plural('links.count', shape.total)}${capped}${t('links.stillCopying')}`;
}

type Shape = Awaited<ReturnType<typeof linkTableTotal>> & { search: string; failed: boolean };

const ROW_HEIGHT = 52;
const HEAD_HEIGHT = 36;
const VIEW_HEIGHT = 528;
const OVERSCAN = 8;

/**
 * The links table, virtualised by hand: fixed-height rows, only the visible window (plus a few
 * rows either side) is read from IndexedDB and rendered, so 100,000 links scroll like 50.
 */
/** How many of the table's first rows count as looked at. */
const FIRST_ROWS_FOLLOWED = 10;

export function LinkTable({
  query,
  onOpen,
  selected,
  picked,
  onPick,
  actions,
  empty,
}: {
  query: LinkTableQuery;
  onOpen: (key: string) => void;
  /** The link open beside the table. */
  selected: string | null;
  /** The links ticked for an action on several at once. */
  picked: ReadonlySet<string>;
  /** Ticks (or unticks) these links; `only` replaces the whole selection with them. */
  onPick: (keys: string[], on: boolean, only?: boolean) => void;
  /** What can be done with the ticked links, beside the count (it takes no room from the rows). */
  actions?: React.ReactNode;
  /** What to show when there is no row: first use, filters that match nothing, or a copy still bringing the links. */
  empty: (filtered: boolean, copying: LinksCopy | null) => React.ReactNode;
}) {
  const db = database();
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const search = query.search;
  // Results carry the search they answer, so a stale result is never taken for a fresh one.
  const [shape, setShape] = useState<Shape>();
  const changes = useChangeCount(() => watchLinkTable(db));
  const [firstRowsShown, setFirstRowsShown] = useState(false);
  const builtIndex = useSearchIndex(db, changes, firstRowsShown);
  // Only searches use it: its arrival must not re-query an unfiltered table.
  const index = search.trim() ? builtIndex : null;
  // Unfiltered, the rows come straight from the sort index: they need not wait for the count
  // (which walks every record), so the first rows are on screen sooner.
  const unfiltered = !listedOrder(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` is listed field by field (a new object with the same fields is the same query); `changes` re-runs it when the links change.
  useEffect(() => {
    // Nor is the count asked for before them: IndexedDB answers one request after another, and a
    // count of 100,000 records in front of the first rows' read held them back by about 200 ms.
    if (unfiltered && !firstRowsShown) return;
    let current = true;
    linkTableTotal(db, query, index).then(
      (result) => current && setShape({ ...result, search, failed: false }),
      () => current && setShape({ total: 0, capped: false, keys: [], search, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [
    db,
    query.sort,
    search,
    query.channelKey,
    query.campaignKey,
    query.domain,
    query.status,
    changes,
    index,
    unfiltered && firstRowsShown,
  ]);
  // Until the first rows are on screen, only the rows in view are read and drawn: drawing the rows
  // below them too took about as long again (their cells, their gains), and they follow a moment
  // later, out of sight.
  const overscan = firstRowsShown ? OVERSCAN : 0;
  const start = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - overscan);
  const count = Math.ceil(VIEW_HEIGHT / ROW_HEIGHT) + overscan * 2;
  const page = useLiveQuery(
    async () =>
      unfiltered
        ? { rows: await linkTableWindow(db, query, null, start, count), search }
        : shape
          ? { rows: await linkTableWindow(db, query, shape.keys, start, count), search: shape.search }
          : undefined,
    [unfiltered, unfiltered ? null : shape, start, count, query.sort, search],
  );
  const rows = page?.rows;
  // Clicks gained in the last week by the rows in view, by service id: the gain column.
  const shownIds = (rows ?? []).flatMap((r) => (r.id === null ? [] : [r.id]));
  const gains = useLiveQuery(
    () => gainsByRecord(db, 'link', Date.now(), TRENDING_DAYS, shownIds),
    [db, shownIds.join(' ')],
  );
  const recordingSince = useRecordingSince(TRENDING_DAYS);
  // The table's first rows are links people look at: their totals are read often enough for hourly charts.
  const firstKeys =
    start === 0 ? (rows ?? []).slice(0, FIRST_ROWS_FOLLOWED).flatMap((r) => (r.id === null ? [] : [r.key])) : [];
  const firstSignature = firstKeys.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the keys.
  useEffect(() => {
    if (firstKeys.length > 0)
      void noteLooked(
        db,
        firstKeys.map((key) => ({ type: 'link', key })),
        Date.now(),
      );
  }, [db, firstSignature]);
  const recordingSaid =
    recordingSince === null ? null : t('trends.recordingSince', { date: formatDateTime(recordingSince) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the top whenever the query changes, which these fields are.
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [query.sort, query.search, query.channelKey, query.campaignKey, query.domain, query.status]);
  useEffect(() => {
    if (!page || page.search !== search) return;
    setFirstRowsShown(true);
    // For the benchmarks: first rows on screen, and the rows of each new search on screen.
    if (performance.getEntriesByName('linkpilot:links-ready').length === 0) performance.mark('linkpilot:links-ready');
    if (performance.getEntriesByName(`linkpilot:links-rendered:${search}`).length === 0)
      performance.mark(`linkpilot:links-rendered:${search}`);
  }, [page, search]);

  // Where the last tick was, for a shift-click to tick the range up to it.
  const anchor = useRef<number | null>(null);
  async function keysBetween(from: number, to: number): Promise<string[]> {
    const [a, b] = from < to ? [from, to] : [to, from];
    return (await linkTableWindow(db, query, shape?.keys ?? null, a, b - a + 1)).map((r) => r.key);
  }
  async function tick(position: number, key: string, on: boolean, range: boolean) {
    if (range && anchor.current !== null) onPick(await keysBetween(anchor.current, position), on);
    else onPick([key], on);
    anchor.current = position;
  }
  async function tickAll(on: boolean) {
    anchor.current = null;
    if (!on) return onPick([], false, true);
    onPick(shape?.keys ?? (await keysBetween(0, Math.max(0, total - 1))), true, true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, key: string) {
    // Keys on the tick box are the box's own.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') onOpen(key);
    if (event.key === 'ArrowDown') (event.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
    if (event.key === 'ArrowUp') (event.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
  }

  const copyState = useCopyState();
  const copying = copyState?.links ?? null;
  const why = copyState ? holdText(copyState.hold, copyState.now) : null;
  const total = shape?.total ?? 0;
  const pickedHere = picked.size;
  // Not before the copy's state is read: an empty list during a first copy is not "No links yet".
  if (shape && !shape.failed && total === 0) return copyState ? empty(isFiltered(query), copying) : null;
  return (
    <div className="stack link-table-box">
      <div className="links-count-row">
        <p className="muted links-count">
          <span role="status" data-testid="links-count">
            {shape?.failed
              ? t('linkTable.theLinksCouldNot')
              : shape
                ? countText(shape, query, copying)
                : t('linkTable.loading')}
          </span>
          {copying && why ? (
            <span className="small-text" data-testid="links-copy-hold">
              {' · '}
              {why}
            </span>
          ) : null}
        </p>
        {actions}
      </div>
      <div
        ref={viewport}
        className="table-viewport"
        style={{ height: Math.min(VIEW_HEIGHT, HEAD_HEIGHT + Math.max(total, 1) * ROW_HEIGHT + 2) }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        data-testid="links-viewport"
      >
        <table className="link-table" aria-label={t('campaignSummary.links')} aria-rowcount={total + 1}>
          <thead>
            <tr>
              <th scope="col" className="pick">
                <PickAllBox
                  total={total}
                  picked={pickedHere}
                  label={plural('selection.selectAll', total)}
                  onChange={(on) => void tickAll(on)}
                />
              </th>
              <th scope="col">{t('link.groupLink')}</th>
              <th scope="col" className="num">
                {t('linkTable.clicks')}
              </th>
              {/* While recording is younger than the column's week, the column says since when it counts. */}
              <th
                scope="col"
                className="num"
                title={recordingSaid ? `${recordingSaid}. ${t('trends.resolution')}` : t('trends.resolution')}
                data-testid="gain-column"
              >
                {recordingSince === null
                  ? t('trends.gainColumn')
                  : t('trends.gainSinceColumn', { date: shortMoment(recordingSince) })}
              </th>
              <th scope="col">{t('catalogPage.created')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('copy.copy')}</span>
              </th>
            </tr>
          </thead>
          <tbody style={{ height: total * ROW_HEIGHT, position: 'relative' }}>
            {rows?.map((row, i) => (
              <tr
                key={row.key}
                tabIndex={0}
                aria-rowindex={start + i + 2}
                aria-selected={row.key === selected}
                className="link-row"
                data-testid="link-row"
                style={{ position: 'absolute', top: (start + i) * ROW_HEIGHT, height: ROW_HEIGHT }}
                onClick={(e) => {
                  // The copy button and the tick box inside the row do their own thing; they do not open the link.
                  if (!(e.target instanceof Element && e.target.closest('button, input, .pick'))) onOpen(row.key);
                }}
                onKeyDown={(e) => onKeyDown(e, row.key)}
              >
                <td className="pick">
                  <input
                    type="checkbox"
                    aria-label={t('selection.select', { item: row.title || displayUrl(row.shorturl ?? row.longurl) })}
                    checked={picked.has(row.key)}
                    onClick={(e) => {
                      // A click (or Space) toggles; with Shift, everything since the last tick goes the same way.
                      const box = e.currentTarget;
                      void tick(start + i, row.key, box.checked, e.shiftKey);
                    }}
                    onChange={() => undefined}
                    data-testid="pick-link"
                  />
                </td>
                <td className="link-cell">
                  <LinkTitle title={row.title} url={row.longurl} className="link-title" />
                  {/* A fixed-height row: the short address keeps its alias on this line, the long one
                      after it gets what is left. */}
                  <span className="link-sub">
                    <SyncBadge state={row.sync} />
                    {row.shorturl ? <LinkText kind="short" text={row.shorturl} oneLine className="link-short" /> : null}
                    {row.shorturl ? (
                      <span className="muted link-sub-gap" aria-hidden="true">
                        ·
                      </span>
                    ) : null}
                    <LinkText kind="address" text={row.longurl} className="muted link-long" />
                  </span>
                </td>
                <td className="num" data-testid="link-clicks">
                  {formatNumber(row.clicks)}
                </td>
                <td className="num muted" data-testid="link-gain">
                  {row.id !== null && gains?.get(row.id) ? (
                    <Gain count={gains.get(row.id)!} />
                  ) : recordingSaid && row.id !== null && gains ? (
                    formatNumber(0)
                  ) : null}
                </td>
                <td className="muted small-text">{formatDate(row.date)}</td>
                <td>
                  {row.shorturl ? (
                    <CopyButton text={row.shorturl} item={row.alias || t('links.thisLink')} compact />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
