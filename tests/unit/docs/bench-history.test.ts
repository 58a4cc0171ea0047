import { describe, expect, it } from 'vitest';
import {
  figuresOf,
  historyEntries,
  historyText,
  latestTable,
  meets,
  parseGoal,
  readHistory,
  trendTable,
} from '../../../scripts/bench-history.mjs';

const run = { suite: 'bench:popup', commit: 'abc1234', date: '2026-11-28T10:00:00.000Z', load: 1.234 };

describe('bench history', () => {
  it('reads the figures a benchmark printed and nothing else', () => {
    const stdout = [
      'building…',
      '{"bench":"popup.ready_ms_10k","value":140,"unit":"ms","goal":"<= 150","openings":10}',
      '{"bench":"popup.js_gzip_kb","value":88',
      '{"other":1}',
      '{"bench":"popup.ready_ms_empty","value":120,"unit":"ms"}',
    ].join('\n');
    expect(figuresOf(stdout).map((f) => f.bench)).toEqual(['popup.ready_ms_10k', 'popup.ready_ms_empty']);
  });

  it('reads goals as the benchmarks write them', () => {
    expect(parseGoal('<= 150')).toEqual({ op: '<=', limit: 150 });
    expect(parseGoal('>= 0.95')).toEqual({ op: '>=', limit: 0.95 });
    expect(parseGoal("<= 129 (the share's 180/h less head checks)")).toEqual({ op: '<=', limit: 129 });
    expect(parseGoal(0)).toEqual({ op: '=', limit: 0 });
    expect(parseGoal('all')).toBeNull();
    expect(parseGoal(undefined)).toBeNull();
  });

  it('says whether a value meets its goal, and nothing when either is missing', () => {
    expect(meets(140, '<= 150')).toBe(true);
    expect(meets(151, '<= 150')).toBe(false);
    expect(meets(0.94, '>= 0.95')).toBe(false);
    expect(meets(10, 10)).toBe(true);
    expect(meets(1, 0)).toBe(false);
    expect(meets(5, undefined)).toBeNull();
    expect(meets(null, 0)).toBeNull();
  });

  it('writes one line per figure with the run around it, and reads them back', () => {
    const entries = historyEntries(
      [
        { bench: 'popup.ready_ms_10k', value: 160, unit: 'ms', goal: '<= 150' },
        { bench: 'popup.ready_ms_empty', value: null, unit: 'ms' },
      ],
      run,
    );
    expect(entries[0]).toEqual({
      figure: 'popup.ready_ms_10k',
      suite: 'bench:popup',
      value: 160,
      unit: 'ms',
      goal: '<= 150',
      met: false,
      commit: 'abc1234',
      date: '2026-11-28T10:00:00.000Z',
      load: 1.23,
    });
    expect(entries[1]).toMatchObject({ value: null, goal: null, met: null });
    const text = historyText(entries);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n')).toBe(true);
    expect(readHistory(`${text}\n${text}`)).toEqual([...entries, ...entries]);
  });

  it('shows the latest run of each figure, and the last runs oldest first', () => {
    const values = [100, 110, 120, 130, 140, 150, 160, 170, 180, 190];
    const entries = values.flatMap((value, i) =>
      historyEntries([{ bench: 'popup.ready_ms_10k', value, unit: 'ms', goal: '<= 150' }], {
        ...run,
        commit: `c${i}`,
        load: i,
      }),
    );
    const latest = latestTable(entries);
    expect(latest).toContain('| `popup.ready_ms_10k` | bench:popup | 190 ms | <= 150 | **no** | c9 | 2026-11-28 |');
    expect(latest.split('\n')).toHaveLength(3);
    const trend = trendTable(entries, 3);
    expect(trend).toContain('| `popup.ready_ms_10k` | 170 @ 7 → 180 @ 8 → 190 @ 9 |');
  });
});
