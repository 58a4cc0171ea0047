import { describe, expect, it } from 'vitest';
import { stateOfEntry, stateOfRow } from '@/lib/sync/change-state';
import { messagesOf } from '../i18n/catalogue';

describe("a change's state, one word for it everywhere", () => {
  it('a row says whether its change waits or needs the person, nothing when synced', () => {
    expect(stateOfRow('synced')).toBeNull();
    expect(stateOfRow('pending')).toBe('queued');
    expect(stateOfRow('failed')).toBe('needsYou');
  });

  it('Sync tells a change on the wire from a waiting one, and a conflict from a refusal', () => {
    expect(stateOfEntry({ state: 'pending' })).toBe('queued');
    expect(stateOfEntry({ state: 'inflight' })).toBe('sending');
    expect(stateOfEntry({ state: 'failed' })).toBe('refused');
    expect(stateOfEntry({ state: 'failed', conflict: [] })).toBe('refused');
    expect(stateOfEntry({ state: 'failed', conflict: ['title'] as never })).toBe('conflict');
  });

  it.each(['en', 'de', 'fr', 'es', 'ar'])('every state has its words in %s, each different', async (code) => {
    const words = await messagesOf(code);
    const said = (['queued', 'sending', 'refused', 'conflict', 'needsYou'] as const).map(
      (s) => words[`sync_state_${s}`],
    );
    expect(said.every((w) => typeof w === 'string' && w.length > 0)).toBe(true);
    expect(new Set(said).size).toBe(said.length);
  });
});
