import { describe, expect, it } from 'vitest';
import { gainSince, gapsIn, pointsToDraw, seriesOf, sumOf } from '@/lib/history/series';

const H = 3_600_000;

describe('a series says only what is known', () => {
  it('starts when Linkpilot began to watch, with the total held then', () => {
    const s = seriesOf([{ id: 1, at: 10 * H, clicks: 8, gain: 3 }], { historySince: 2 * H, created: 0, current: 8 });
    expect(s).toEqual({
      since: 2 * H,
      points: [
        [2 * H, 5],
        [10 * H, 8],
      ],
    });
  });

  it('starts when the link was made when its first known total is 0 (totals only grow)', () => {
    const s = seriesOf([{ id: 1, at: 10 * H, clicks: 2, gain: 2 }], { historySince: 5 * H, created: H, current: 2 });
    expect(s.since).toBe(H);
    expect(s.points[0]).toEqual([H, 0]);
  });

  it('starts at the first reading for a link first seen with clicks: nothing before is invented', () => {
    const s = seriesOf([{ id: 1, at: 10 * H, clicks: 40 }], { historySince: 2 * H, created: 0, current: 40 });
    expect(s).toEqual({ since: 10 * H, points: [[10 * H, 40]] });
    expect(gainSince(s, 0)).toBe(0);
  });

  it('gains since a moment, and sums of several links from when all are known', () => {
    const a = {
      since: 0,
      points: [
        [0, 1],
        [5, 3],
        [9, 4],
      ] as [number, number][],
    };
    const b = {
      since: 4,
      points: [
        [4, 10],
        [6, 12],
      ] as [number, number][],
    };
    expect(gainSince(a, 4)).toBe(3);
    expect(sumOf([a, b])).toEqual({
      since: 4,
      points: [
        [4, 11],
        [5, 13],
        [6, 15],
        [9, 16],
      ],
    });
  });

  it('finds the gaps in the watch log, and thins what is drawn to a few points', () => {
    expect(
      gapsIn(
        [
          [0, 10],
          [50, 60],
        ],
        0,
        100,
        5,
      ),
    ).toEqual([
      [10, 50],
      [60, 100],
    ]);
    const many = { since: 0, points: Array.from({ length: 1000 }, (_, i) => [i, i] as [number, number]) };
    const drawn = pointsToDraw(many, 0, 1000, 100);
    expect(drawn.length).toBeLessThanOrEqual(101);
    expect(drawn.at(-1)).toEqual([999, 999]);
  });
});
