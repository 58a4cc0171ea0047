import { textDirection } from '@/lib/browser/i18n';
import type { Series } from '@/lib/history/series';
import { pointsToDraw } from '@/lib/history/series';
import { type Frame, strokeOf } from './geometry';

const W = 64;
const H = 18;

/** A link's last days in a line the height of a word, beside its total (the numbers are said in words beside it). */
export function Sparkline({ series, from, now }: { series: Series; from: number; now: number }) {
  const points = pointsToDraw(series, from, now, W);
  if (points.length === 0) return null;
  const values = points.map(([, v]) => v);
  const frame: Frame = {
    from: Math.max(from, series.since),
    to: now,
    min: Math.min(...values),
    max: Math.max(...values),
    left: 1,
    right: W - 1,
    top: 2,
    bottom: H - 2,
    rtl: textDirection() === 'rtl',
  };
  const { solid } = strokeOf(frame, points, [], now);
  return (
    <svg className="sparkline" width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      <path d={solid} />
    </svg>
  );
}
