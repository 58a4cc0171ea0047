import { useId, useState } from 'react';
import { formatDate, formatDateTime, formatNumber } from '@/components/ui/format';
import { Info } from '@/components/ui/icons';
import { raw, t, textDirection } from '@/lib/browser/i18n';
import { DAY, type Span, WATCH_GAP } from '@/lib/history/record';
import { gainSince, gapsIn, pointsToDraw, type Series } from '@/lib/history/series';
import { GainSentence } from '../Gain';
import { type Frame, strokeOf, tickAnchor, xOf, yOf } from './geometry';
import './chart.css';

export const RANGES = [
  { days: 7, key: 'trends.range7' },
  { days: 30, key: 'trends.range30' },
  { days: 90, key: 'trends.range90' },
  { days: null, key: 'trends.rangeAll' },
] as const;

// About the width of the details panel, so a unit is about a pixel and labels keep their size.
const W = 360;
const H = 160;
const MAX_POINTS = 150;

/**
 * Clicks over time, drawn by hand in SVG: a step line (a total holds until the reading that shows it
 * rose), dashed and shaded where Linkpilot was not reading, mirrored right to left where the words
 * run so. The same numbers are a table for screen readers. Colours are the theme's, light and dark.
 */
export function TrendChart({
  series,
  watched,
  now,
  noun,
  title,
}: {
  series: Series;
  watched: readonly Span[];
  now: number;
  noun: 'click' | 'scan';
  title: string;
}) {
  const [range, setRange] = useState<number | null>(30);
  const id = useId();
  const rtl = textDirection() === 'rtl';
  const from = range === null ? series.since : Math.min(now - range * DAY, now);
  const start = Math.max(from, series.since);
  const points = pointsToDraw(series, from, now, MAX_POINTS);
  const values = points.map(([, v]) => v);
  const min = Math.min(...values);
  const max = Math.max(...values, min + 1);
  const frame: Frame = {
    from,
    to: now,
    min,
    max,
    left: rtl ? 8 : 44,
    right: rtl ? W - 44 : W - 8,
    top: 10,
    bottom: H - 24,
    rtl,
  };
  const gaps = gapsIn(watched, start, now, WATCH_GAP);
  // Shaded spans: where Linkpilot was not reading, and before it knew this total at all.
  const bands = [
    ...gaps.map(([a, b]) => ({ from: a, to: b, className: 'trend-gap', title: t('trends.notWatching') })),
    ...(start > from ? [{ from, to: start, className: 'trend-unknown', title: t('trends.beforeWatching') }] : []),
  ];
  const { solid, dashed } = strokeOf(frame, points, gaps, now);
  const gain = gainSince(series, from);
  const ticks = [from, from + (now - from) / 2, now];
  const yAxisX = rtl ? frame.right + 6 : frame.left - 6;
  const anchorY = tickAnchor(0, 1, !rtl);
  return (
    <section className="trend-chart stack" aria-labelledby={`${id}-title`} data-testid="trend-chart">
      <div className="row trend-head">
        <h4 id={`${id}-title`}>{title}</h4>
        <fieldset className="segmented" aria-label={t('trends.range')}>
          {RANGES.map((r) => (
            <button
              key={r.key}
              type="button"
              className="ghost small"
              aria-pressed={range === r.days}
              onClick={() => setRange(r.days)}
            >
              {t(r.key)}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="muted small-text trend-summary">
        <span data-testid="trend-gain">
          <GainSentence message={raw('trends.gained')} count={gain} />
        </span>
        {' · '}
        <span data-testid="trend-since">{t('trends.since', { date: formatDate(series.since) })}</span>{' '}
        <span className="trend-info" title={t('trends.resolution')}>
          <Info size={13} aria-hidden="true" />
          <span className="visually-hidden">{t('trends.resolution')}</span>
        </span>
      </p>
      <svg
        className="trend-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-table`}
        data-testid="trend-svg"
      >
        <title>{title}</title>
        {bands.map((band) => (
          <rect
            key={`${band.className}-${band.from}`}
            className={band.className}
            x={Math.min(xOf(frame, band.from), xOf(frame, band.to))}
            y={frame.top}
            width={Math.abs(xOf(frame, band.to) - xOf(frame, band.from))}
            height={frame.bottom - frame.top}
          >
            <title>{band.title}</title>
          </rect>
        ))}
        <line className="trend-axis" x1={frame.left} x2={frame.right} y1={frame.bottom} y2={frame.bottom} />
        {[min, max].map((v) => (
          <text key={v} className="trend-label" x={yAxisX} y={yOf(frame, v) + 4} textAnchor={anchorY}>
            {formatNumber(v)}
          </text>
        ))}
        {ticks.map((tick, i) => (
          <text
            key={tick}
            className="trend-label"
            x={xOf(frame, tick)}
            y={H - 6}
            textAnchor={tickAnchor(i, ticks.length, rtl)}
          >
            {formatDate(tick)}
          </text>
        ))}
        <path className="trend-line" d={solid} />
        {dashed ? <path className="trend-line dashed" d={dashed} /> : null}
        {points.map(([at, v]) => (
          <circle
            key={at}
            className="trend-point"
            cx={xOf(frame, at)}
            cy={yOf(frame, v)}
            r={3}
            data-testid="trend-point"
          >
            <title>{`${formatDateTime(at)}: ${formatNumber(v)}`}</title>
          </circle>
        ))}
      </svg>
      <table id={`${id}-table`} className="visually-hidden">
        <caption>{t('trends.tableCaption', { name: title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trends.time')}</th>
            <th scope="col">{noun === 'click' ? t('linkTable.clicks') : t('trends.scans')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map(([at, v]) => (
            <tr key={at}>
              <td>{formatDateTime(at)}</td>
              <td>{formatNumber(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {gaps.length > 0 ? <p className="muted small-text">{t('trends.gapsNote')}</p> : null}
    </section>
  );
}
