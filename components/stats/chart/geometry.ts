import type { Span } from '@/lib/history/record';

/**
 * Where a step line goes: each total held from its point to the next, then a rise. Parts that lie in a
 * time Linkpilot was not reading are drawn apart (dashed), since nothing is known of them.
 */
export interface Stroke {
  solid: string;
  dashed: string;
}

export interface Frame {
  from: number;
  to: number;
  min: number;
  max: number;
  /** The plot area in the SVG's units. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Right to left: time runs from the right edge to the left. */
  rtl: boolean;
}

export function xOf(f: Frame, t: number): number {
  const share = f.to === f.from ? 1 : (t - f.from) / (f.to - f.from);
  return f.rtl ? f.right - share * (f.right - f.left) : f.left + share * (f.right - f.left);
}

export function yOf(f: Frame, v: number): number {
  const share = f.max === f.min ? 0.5 : (v - f.min) / (f.max - f.min);
  return f.bottom - share * (f.bottom - f.top);
}

const n = (v: number) => Math.round(v * 10) / 10;

/** The step line through `points` (held to `until`), split into what was watched and what was not. */
export function strokeOf(f: Frame, points: readonly [number, number][], gaps: readonly Span[], until: number): Stroke {
  let solid = '';
  let dashed = '';
  const inGap = (a: number, b: number) => gaps.some(([g0, g1]) => a >= g0 && b <= g1);
  for (let i = 0; i < points.length; i++) {
    const [t0, v0] = points[i]!;
    const t1 = i + 1 < points.length ? points[i + 1]![0] : until;
    const y = n(yOf(f, v0));
    // The held stretch, cut where gaps begin and end.
    const cuts = [t0, ...gaps.flat().filter((c) => c > t0 && c < t1), t1].sort((a, b) => a - b);
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c]!;
      const b = cuts[c + 1]!;
      const piece = `M${n(xOf(f, a))},${y}H${n(xOf(f, b))}`;
      if (inGap(a, b)) dashed += piece;
      else solid += piece;
    }
    if (i + 1 < points.length) {
      const x1 = n(xOf(f, t1));
      solid += `M${x1},${y}V${n(yOf(f, points[i + 1]![1]))}`;
    }
  }
  return { solid, dashed };
}

/** How a label sits on its tick: the first inward from the start edge, the last from the end, others centred. */
export function tickAnchor(index: number, count: number, rtl: boolean): 'start' | 'middle' | 'end' {
  if (index === 0) return rtl ? 'end' : 'start';
  if (index === count - 1) return rtl ? 'start' : 'end';
  return 'middle';
}
