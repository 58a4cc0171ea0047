import { formatNumber } from '@/components/ui/format';
import { plural, t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { TrendChart } from './chart/TrendChart';
import { useLinksHistory, useNow } from './useHistory';

/**
 * A channel's or campaign's links together: their total clicks, and the sum of their histories over
 * time (from when every one of them is known). Loaded only where it is shown.
 */
export default function LinksHistory({ links, name }: { links: readonly LinkRow[]; name: string }) {
  const now = useNow();
  const watched = links.map((l) => ({ id: l.id, date: l.date, total: l.clicks }));
  const history = useLinksHistory(watched);
  const total = links.reduce((sum, l) => sum + l.clicks, 0);
  return (
    <div className="stack" data-testid="links-history">
      <p>
        <span className="metric-value" data-testid="links-total-clicks">
          {formatNumber(total)}
        </span>{' '}
        {plural('stats.clicksWord', total)} <span className="muted">· {plural('links.count', links.length)}</span>
      </p>
      {history && history.timelines.length > 0 ? (
        <TrendChart timelines={history.timelines} now={now} noun="click" title={t('trends.linksOverTime', { name })} />
      ) : null}
    </div>
  );
}
