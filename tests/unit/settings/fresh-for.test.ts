import { describe, expect, it } from 'vitest';
import { FRESH_FOR_MS } from '@/lib/refresh/shown';
import { freshForMsOf } from '@/lib/settings/refresh';

describe('the freshness window read from storage', () => {
  it('is the stored seconds, between one second and the default', () => {
    expect(freshForMsOf(2)).toBe(2000);
    expect(freshForMsOf(0)).toBe(1000);
    expect(freshForMsOf(-5)).toBe(1000);
    expect(freshForMsOf(3600)).toBe(FRESH_FOR_MS);
  });

  it('is the default for anything that is not a number', () => {
    for (const stored of [undefined, null, '2', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(freshForMsOf(stored)).toBe(FRESH_FOR_MS);
    }
  });
});
