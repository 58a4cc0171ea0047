import type { Tally } from '@/lib/api/schemas/primitives';
import type { Statistics } from '@/lib/api/schemas/stats';
import { plural, t } from '@/lib/browser/i18n';
import type { LinkStatsRow } from '@/lib/db/schema';
import { formatNumber, formatTime } from '../ui/format';
import { CountryMark } from './flags';
import { Tallies } from './Tallies';

/** Referrers and social networks are one question ("where did the clicks come from?"): one list. */
export function sourcesOf(s: Statistics): Tally[] {
  const merged = new Map<string, number>();
  for (const t of [...s.topReferrers, ...s.socialCount]) merged.set(t.label, (merged.get(t.label) ?? 0) + t.count);
  return [...merged].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count);
}

/**
 * Clicks of a link or scans of a QR code, from the mirror: a clear total first, then where they came
 * from. With nothing counted yet, one line says so. `compact` (the popup) shows the totals in one
 * line and the two lists that matter most, three entries each, one line each.
 */
export function QuickStats({
  clicks,
  stats,
  compact = false,
  noun = 'click',
}: {
  clicks: number;
  stats: Pick<LinkStatsRow, 'stats' | 'fetchedAt'> | undefined;
  compact?: boolean;
  noun?: 'click' | 'scan';
}) {
  const s = stats?.stats;
  const total = s ? Math.max(s.clicks, clicks) : clicks;
  const updated = stats ? (
    <span className="muted small-text" data-testid="stats-updated">
      {t('stats.updated', { time: formatTime(stats.fetchedAt) })}
    </span>
  ) : null;
  if (total === 0) {
    return (
      <section className="row-between" aria-label={t('stats.label')}>
        <p className="muted" data-testid="no-clicks">
          {noun === 'click' ? t('stats.noClicks') : t('stats.noScans')}
        </p>
        {updated}
      </section>
    );
  }
  // The number is shown big above its word, so the word alone takes the count's plural form.
  const words = (count: number) => plural(noun === 'click' ? 'stats.clicksWord' : 'stats.scansWord', count);
  if (compact) {
    // The popup: the totals on one line and each top list on one more, so recent links stay in view.
    return (
      <section className="stack compact-stats" aria-label={t('stats.label')}>
        <div className="row-between">
          <p className="compact-metrics">
            <span className="compact-value" data-testid="clicks">
              {formatNumber(total)}
            </span>{' '}
            {words(total)}
            {s ? (
              <>
                {' · '}
                <span className="compact-value" data-testid="unique-clicks">
                  {formatNumber(s.uniqueClicks)}
                </span>{' '}
                {t('stats.unique')}
              </>
            ) : null}
          </p>
          {updated}
        </div>
        {s ? (
          <>
            <Tallies
              title={t('stats.countries')}
              items={s.topCountries}
              limit={3}
              inline
              decorate={(country) => <CountryMark country={country} />}
            />
            <Tallies title={t('stats.sources')} items={sourcesOf(s)} limit={3} inline />
          </>
        ) : (
          <p className="muted small-text">
            {plural(noun === 'click' ? 'stats.clicksSoFar' : 'stats.scansSoFar', total)}
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="stack" aria-label={t('stats.label')}>
      <div className="row-between">
        <div className="metrics">
          <div className="metric">
            <span className="metric-value" data-testid="clicks">
              {formatNumber(total)}
            </span>
            <span className="metric-label">{words(total)}</span>
          </div>
          {s ? (
            <div className="metric">
              <span className="metric-value" data-testid="unique-clicks">
                {formatNumber(s.uniqueClicks)}
              </span>
              <span className="metric-label">{t('stats.unique')}</span>
            </div>
          ) : null}
        </div>
        {updated}
      </div>
      {s ? (
        <div className="tallies-grid">
          <Tallies
            title={t('stats.countries')}
            items={s.topCountries}
            limit={6}
            decorate={(country) => <CountryMark country={country} />}
          />
          <Tallies title={t('stats.sources')} items={sourcesOf(s)} limit={6} />
          <Tallies title={t('stats.browsers')} items={s.topBrowsers} limit={6} />
          <Tallies title={t('stats.os')} items={s.topOs} limit={6} />
        </div>
      ) : (
        <p className="muted small-text">{plural(noun === 'click' ? 'stats.clicksSoFar' : 'stats.scansSoFar', total)}</p>
      )}
    </section>
  );
}
