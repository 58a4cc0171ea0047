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

/** The top of a bar chart's axis: the largest value rounded up to an even step of its power of ten, so the middle line is a whole number. */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [2, 4, 6, 8, 10].find((m) => m * power >= value)!;
  return step * power;
}

/**
 * How a label sits on its tick: the first inward from the start edge, the last from the end, others
 * centred. Labels run in the page's direction, so `start` is the right side in Arabic, as the axis is.
 */
export function tickAnchor(index: number, count: number): 'start' | 'middle' | 'end' {
  if (index === 0) return 'start';
  if (index === count - 1) return 'end';
  return 'middle';
}
