import type { LinkStatsRow } from '@/lib/db/schema';
import { Tallies } from './Tallies';

/** Clicks, unique clicks and the top lists of a link, from the mirror. */
export function QuickStats({ clicks, stats }: { clicks: number; stats: LinkStatsRow | undefined }) {
  const s = stats?.stats;
  return (
    <section className="stack" aria-label="Statistics">
      <div className="row">
        <div className="metric">
          <span className="metric-value" data-testid="clicks">
            {s ? Math.max(s.clicks, clicks) : clicks}
          </span>
          <span className="muted">clicks</span>
        </div>
        <div className="metric">
          <span className="metric-value" data-testid="unique-clicks">
            {s ? s.uniqueClicks : '–'}
          </span>
          <span className="muted">unique</span>
        </div>
        {stats ? <span className="muted">updated {new Date(stats.fetchedAt).toLocaleTimeString()}</span> : null}
      </div>
      {s ? (
        <div className="tallies-grid">
          <Tallies title="Countries" items={s.topCountries} />
          <Tallies title="Referrers" items={s.topReferrers} />
          <Tallies title="Browsers" items={s.topBrowsers} />
          <Tallies title="Operating systems" items={s.topOs} />
        </div>
      ) : null}
    </section>
  );
}
