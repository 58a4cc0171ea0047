import { describe, expect, it } from 'vitest';
import { initialBudget } from '@/lib/engine/budget';
import { copyHold } from '@/lib/engine/copy-hold';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('copyHold', () => {
  const spent = { ...initialBudget(), limit: 30, remaining: 0, resetAt: NOW + 40_000, observedAt: NOW };

  it('says offline before anything else, then an unreachable service', () => {
    expect(copyHold(spent, { reachable: false, since: NOW, message: null }, false, NOW)).toEqual({ reason: 'offline' });
    expect(copyHold(spent, { reachable: false, since: NOW, message: null }, true, NOW)).toEqual({
      reason: 'unreachable',
    });
  });

  it('says a refused key before the allowance: no page would be taken until a key is', () => {
    const refused = { reachable: true, since: NOW, message: null, keyRefused: true as const };
    expect(copyHold(spent, refused, true, NOW)).toEqual({ reason: 'keyRefused' });
    expect(copyHold(null, refused, true, NOW)).toEqual({ reason: 'keyRefused' });
    // Out of reach says more than a key refused by an answer from before.
    expect(copyHold(null, { ...refused, reachable: false }, true, NOW)).toEqual({ reason: 'unreachable' });
  });

  it('waits for the allowance until the window resets, and not at all while requests are left', () => {
    expect(copyHold(spent, null, true, NOW)).toEqual({ reason: 'allowance', until: NOW + 40_000 });
    // The copy keeps a few requests back for the person (background priority), so 3 left is a wait too.
    expect(copyHold({ ...spent, remaining: 3 }, null, true, NOW)).toEqual({ reason: 'allowance', until: NOW + 40_000 });
    expect(copyHold({ ...spent, remaining: 20 }, null, true, NOW)).toBeNull();
    expect(copyHold(null, { reachable: true, since: NOW, message: null }, true, NOW)).toBeNull();
  });
});
