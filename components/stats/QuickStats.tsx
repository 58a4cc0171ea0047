import type { ReactNode } from 'react';
import { plural, t } from '@/lib/browser/i18n';
import type { LinkStatsRow } from '@/lib/db/schema';
import { formatNumber, formatTime } from '../ui/format';
import { shownCountries, shownSocial, shownSources } from './sources';
import { Tallies } from './Tallies';

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
  trend,
}: {
  clicks: number;
  stats: Pick<LinkStatsRow, 'stats' | 'fetchedAt'> | undefined;
  compact?: boolean;
  noun?: 'click' | 'scan';
  /** How the total moved lately (the popup's sparkline and week's gain), shown beside it. */
  trend?: ReactNode;
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
          <div className="compact-totals">
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
            {trend}
          </div>
          {updated}
        </div>
        {s ? (
          <>
            <Tallies title={t('stats.countries')} items={shownCountries(s)} limit={3} inline />
            <Tallies title={t('stats.sources')} items={shownSources(s, total)} limit={3} inline />
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
          <Tallies title={t('stats.countries')} items={shownCountries(s)} limit={6} />
          <Tallies
            title={t('stats.sources')}
            items={shownSources(s, total)}
            limit={6}
            note={plural(noun === 'click' ? 'stats.sourcesOfClicks' : 'stats.sourcesOfScans', total)}
          />
          <Tallies title={t('stats.social')} items={shownSocial(s)} limit={6} note={t('stats.socialNote')} />
          <Tallies title={t('stats.browsers')} items={named(s.topBrowsers)} limit={6} />
          <Tallies title={t('stats.os')} items={named(s.topOs)} limit={6} />
        </div>
      ) : (
        <p className="muted small-text">{plural(noun === 'click' ? 'stats.clicksSoFar' : 'stats.scansSoFar', total)}</p>
      )}
    </section>
  );
}

/** A list the service names itself (browsers, systems); its "Unknown" is said in the interface's language. */
function named(items: { label: string; count: number }[]) {
  return items.map((i) => ({
    key: i.label,
    label: /^unknown$/i.test(i.label) ? t('stats.unknownValue') : i.label,
    count: i.count,
  }));
}
