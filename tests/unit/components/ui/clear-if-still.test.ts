import { describe, expect, it } from 'vitest';
import { clearIfStill } from '@/components/ui/clear-if-still';

describe('clearing a field after its save', () => {
  it('empties it when it still holds what was saved, keeps what was typed since', () => {
    expect(clearIfStill('links:l1')('links:l1')).toBe('');
    expect(clearIfStill('links:l1')('bio:7')).toBe('bio:7');
  });
});
