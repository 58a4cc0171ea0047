import { formatDate } from '@/components/ui/format';
import { raw, t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { chartOf } from '@/lib/history/periods';
import { DAY } from '@/lib/history/record';
import { Sparkline } from './chart/Sparkline';
import { GainSentence } from './Gain';
import { useNow, useRecordHistory } from './useHistory';

/**
 * The popup's glance at how the page's link does: its clicks per day of the last week as small bars,
 * and the clicks it gained. While it is followed for less than a week, the words say since when
 * ("+3 since 26 Nov"), never "this week" over days nothing was read. Nothing before its first reading.
 */
export default function PopupTrend({ link }: { link: LinkRow }) {
  const now = useNow();
  const history = useRecordHistory('link', { id: link.id, date: link.date, total: link.clicks });
  const timeline = history?.timelines[0];
  if (!timeline) return null;
  const from = now - 7 * DAY;
  const chart = chartOf([timeline], from, now);
  if (!chart || chart.periods.length < 2) return null;
  const recent = timeline.since > from;
  return (
    <span className="popup-trend" title={t('trends.resolution')} data-testid="popup-trend">
      <Sparkline chart={chart} />
      <span data-testid="week-gain">
        <GainSentence
          message={raw(recent ? 'trends.sinceGain' : 'trends.weekGain')}
          count={chart.gained}
          values={{ date: formatDate(timeline.since) }}
        />
      </span>
    </span>
  );
}
