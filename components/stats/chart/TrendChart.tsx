import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { formatDate, formatDateTime, formatNumber } from '@/components/ui/format';
import { Info } from '@/components/ui/icons';
import { plural, raw, t, textDirection } from '@/lib/browser/i18n';
import { ticksFor } from '@/lib/history/calendar';
import { chartOf, type Period } from '@/lib/history/periods';
import { DAY } from '@/lib/history/record';
import type { Timeline } from '@/lib/history/timeline';
import { GainSentence } from '../Gain';
import { type Frame, niceMax, tickAnchor, xOf, yOf } from './geometry';
import { momentLabel, periodLabel, tickLabel } from './labels';
import './chart.css';

export const RANGES = [
  { days: 7, key: 'trends.range7' },
  { days: 30, key: 'trends.range30' },
  { days: 90, key: 'trends.range90' },
  { days: null, key: 'trends.rangeAll' },
] as const;

// About the width of the details panel, so a unit is about a pixel and labels keep their size.
const W = 360;
const H = 170;
const MAX_TICKS = 5;

const PER_UNIT = { hour: 'trends.perHour', day: 'trends.perDay', week: 'trends.perWeek' } as const;

/**
 * Clicks per period (hour, day or week, as the span asks), drawn by hand in SVG: a bar per period
 * from zero, hatched where Linkpilot did not read the total (nothing is known there, not zero), a
 * hatched band with its count where clicks were found after a long gap; everything before the first
 * reading one "before …" figure. A pointer or the arrow keys name a period and its clicks; the same
 * numbers are a table for screen readers. Mirrored right to left where the words run so; colours
 * are the theme's, light and dark.
 */
export function TrendChart({
  timelines,
  now,
  noun,
  title,
}: {
  /** One record's, or several (a channel's links: their clicks summed). */
  timelines: readonly Timeline[];
  now: number;
  noun: 'click' | 'scan';
  title: string;
}) {
  const [range, setRange] = useState<number | null>(30);
  const [active, setActive] = useState<number | null>(null);
  const id = useId();
  const rtl = textDirection() === 'rtl';
  const chart = chartOf(timelines, range === null ? null : now - range * DAY, now);
  if (!chart) return null;
  const { periods, spreads } = chart;
  const counted = (n: number) =>
    `${formatNumber(n)} ${plural(noun === 'click' ? 'stats.clicksWord' : 'stats.scansWord', n)}`;
  const max = niceMax(Math.max(0, ...periods.filter((p) => p.state !== 'unknown').map((p) => p.clicks)));
  const frame: Frame = {
    from: chart.from,
    to: chart.to,
    min: 0,
    max,
    left: rtl ? 8 : 36,
    right: rtl ? W - 36 : W - 8,
    top: 14,
    bottom: H - 24,
    rtl,
  };
  const ticks = ticksFor(chart.from, chart.to, MAX_TICKS);
  const yAxisX = rtl ? frame.right + 6 : frame.left - 6;
  // The labels take the page's direction (Arabic words read right to left), which mirrors what
  // `start` and `end` mean: anchors are given as for left to right, and land on the mirrored side.
  const anchorY = 'end';
  const left = (a: number, b: number) => Math.min(xOf(frame, a), xOf(frame, b));
  const width = (a: number, b: number) => Math.abs(xOf(frame, Math.min(b, chart.to)) - xOf(frame, a));
  const spreadSaid = (s: (typeof spreads)[number]) =>
    t('trends.spread', { count: counted(s.clicks), from: momentLabel(s.from), to: momentLabel(s.to) });
  const said = (p: Period) => {
    const within = spreads.find((s) => s.from < p.to && s.to > p.from);
    if (p.state === 'unknown') return within ? spreadSaid(within) : t('trends.unknown');
    return p.state === 'partly' ? t('trends.partly', { count: counted(p.clicks) }) : counted(p.clicks);
  };
  const shown = active === null ? null : periods[active];

  const move = (event: KeyboardEvent) => {
    const last = periods.length - 1;
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step !== undefined) setActive(Math.max(0, Math.min(last, (active ?? last + (step > 0 ? -1 : 1)) + step)));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else return;
    event.preventDefault();
  };
  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * W;
    const share = (rtl ? frame.right - x : x - frame.left) / (frame.right - frame.left);
    const at = chart.from + share * (chart.to - chart.from);
    const index = periods.findIndex((p) => at >= p.from && at < p.to);
    setActive(index >= 0 ? index : null);
  };

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
          <GainSentence message={raw('trends.gained')} count={chart.gained} />
        </span>
        {' · '}
        <span data-testid="trend-total">{t('trends.totalNow', { count: counted(chart.total) })}</span>
        {' · '}
        <span data-testid="trend-unit">{t(PER_UNIT[chart.unit])}</span>{' '}
        <span className="trend-info" title={t('trends.resolution')}>
          <Info size={13} aria-hidden="true" />
          <span className="visually-hidden">{t('trends.resolution')}</span>
        </span>
      </p>
      {chart.before > 0 ? (
        <p className="small-text trend-before" data-testid="trend-before">
          <strong>{t('trends.beforeMark', { date: formatDateTime(chart.since), count: counted(chart.before) })}</strong>{' '}
          <span className="muted">{t('trends.recordsFrom', { date: formatDate(chart.since) })}</span>
        </p>
      ) : null}
      <svg
        className="trend-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys walk its periods; its table says the same to screen readers.
        tabIndex={0}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-table`}
        data-testid="trend-svg"
        onKeyDown={move}
        onPointerMove={point}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        onFocus={() => setActive((a) => a ?? periods.length - 1)}
      >
        <title>{title}</title>
        <defs>
          <pattern id={`${id}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className="trend-hatch-ground" />
            <line x1="0" y1="0" x2="0" y2="6" className="trend-hatch-line" />
          </pattern>
        </defs>
        {[0, max / 2, max].map((v) => (
          <g key={v}>
            <line className="trend-grid" x1={frame.left} x2={frame.right} y1={yOf(frame, v)} y2={yOf(frame, v)} />
            <text className="trend-label" x={yAxisX} y={yOf(frame, v) + 4} textAnchor={anchorY}>
              {formatNumber(v)}
            </text>
          </g>
        ))}
        {periods.map((p, i) =>
          p.state === 'unknown' ? (
            <rect
              key={p.from}
              className="trend-unknown"
              fill={`url(#${id}-hatch)`}
              x={left(p.from, Math.min(p.to, chart.to))}
              y={frame.top}
              width={width(p.from, p.to)}
              height={frame.bottom - frame.top}
              data-testid="trend-unknown"
            />
          ) : (
            <rect
              key={p.from}
              className={`trend-bar${p.state === 'partly' ? ' partly' : ''}${i === active ? ' active' : ''}`}
              x={left(p.from, Math.min(p.to, chart.to)) + 0.5}
              y={yOf(frame, p.clicks)}
              width={Math.max(0.5, width(p.from, p.to) - 1)}
              height={frame.bottom - yOf(frame, p.clicks)}
              data-testid="trend-bar"
              data-clicks={p.clicks}
            />
          ),
        )}
        {spreads.map((s) => {
          const from = Math.max(s.from, chart.from);
          const x = left(from, s.to);
          const w = width(from, s.to);
          return (
            <g key={s.from} data-testid="trend-spread">
              <rect
                className="trend-spread"
                fill={`url(#${id}-hatch)`}
                x={x}
                y={frame.top}
                width={w}
                height={frame.bottom - frame.top}
              />
              <text className="trend-label trend-spread-count" x={x + w / 2} y={frame.top - 3} textAnchor="middle">
                {t('trends.gain', { count: formatNumber(s.clicks) })}
              </text>
            </g>
          );
        })}
        {chart.since > chart.from ? (
          <line
            className="trend-since"
            x1={xOf(frame, chart.since)}
            x2={xOf(frame, chart.since)}
            y1={frame.top}
            y2={frame.bottom}
            data-testid="trend-since"
          />
        ) : null}
        {shown ? (
          <rect
            className="trend-focus"
            x={left(shown.from, Math.min(shown.to, chart.to))}
            y={frame.top}
            width={width(shown.from, shown.to)}
            height={frame.bottom - frame.top}
          />
        ) : null}
        <line className="trend-axis" x1={frame.left} x2={frame.right} y1={frame.bottom} y2={frame.bottom} />
        {ticks.map((tick, i) => (
          <text
            key={tick.at}
            className="trend-label"
            x={xOf(frame, tick.at)}
            y={H - 6}
            textAnchor={tickAnchor(i, ticks.length)}
            data-testid="trend-tick"
          >
            {tickLabel(tick)}
          </text>
        ))}
      </svg>
      <p className="small-text trend-readout" aria-hidden="true" data-testid="trend-readout">
        {shown ? (
          <>
            <strong>{periodLabel(shown.from, shown.to, chart.unit)}</strong>: {said(shown)}
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      {spreads.length > 0 || periods.some((p) => p.state === 'unknown') ? (
        <p className="muted small-text">{t('trends.unknownNote')}</p>
      ) : null}
      {spreads.map((s) => (
        <p key={s.from} className="visually-hidden">
          {spreadSaid(s)}
        </p>
      ))}
      <table id={`${id}-table`} className="visually-hidden">
        <caption>{`${t('trends.tableCaption', { name: title })} (${t(PER_UNIT[chart.unit])})`}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trends.time')}</th>
            <th scope="col">{noun === 'click' ? t('linkTable.clicks') : t('trends.scans')}</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.from}>
              <td>{periodLabel(p.from, p.to, chart.unit)}</td>
              <td>{said(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
