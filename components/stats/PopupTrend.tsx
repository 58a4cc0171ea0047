import { raw, t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { DAY } from '@/lib/history/record';
import { gainSince } from '@/lib/history/series';
import { Sparkline } from './chart/Sparkline';
import { GainSentence } from './Gain';
import { useNow, useRecordHistory } from './useHistory';

/**
 * The popup's glance at how the page's link does: its last week as a sparkline and the clicks it
 * gained. Nothing while less than a day is known: a few hours say nothing of a week.
 */
export default function PopupTrend({ link }: { link: LinkRow }) {
  const now = useNow();
  const history = useRecordHistory('link', { id: link.id, date: link.date, total: link.clicks });
  const series = history?.series;
  if (!series || now - series.since < DAY) return null;
  const from = now - 7 * DAY;
  const gain = gainSince(series, from);
  return (
    <span className="popup-trend" title={t('trends.resolution')} data-testid="popup-trend">
      <Sparkline series={series} from={from} now={now} />
      <span data-testid="week-gain">
        <GainSentence message={raw('trends.weekGain')} count={gain} />
      </span>
    </span>
  );
}
