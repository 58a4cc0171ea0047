import { textDirection } from '@/lib/browser/i18n';
import type { Chart } from '@/lib/history/periods';
import { type Frame, xOf, yOf } from './geometry';

const W = 64;
const H = 18;

/**
 * A link's last days as small bars the height of a word, one a day (an hour on its first two days),
 * beside the words that say the same; hatched where nothing is known.
 */
export function Sparkline({ chart }: { chart: Chart }) {
  const max = Math.max(1, ...chart.periods.map((p) => p.clicks));
  const frame: Frame = {
    from: chart.from,
    to: chart.to,
    min: 0,
    max,
    left: 1,
    right: W - 1,
    top: 1,
    bottom: H - 1,
    rtl: textDirection() === 'rtl',
  };
  return (
    <svg className="sparkline" width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      {chart.periods.map((p) => {
        const x = Math.min(xOf(frame, p.from), xOf(frame, Math.min(p.to, chart.to)));
        const w = Math.max(0.5, Math.abs(xOf(frame, Math.min(p.to, chart.to)) - xOf(frame, p.from)) - 0.5);
        return p.state === 'unknown' ? (
          <rect key={p.from} className="sparkline-unknown" x={x} y={frame.bottom - 2} width={w} height={2} />
        ) : (
          <rect
            key={p.from}
            className="sparkline-bar"
            x={x}
            y={Math.min(yOf(frame, p.clicks), frame.bottom - 1)}
            width={w}
            height={Math.max(1, frame.bottom - yOf(frame, p.clicks))}
          />
        );
      })}
    </svg>
  );
}
