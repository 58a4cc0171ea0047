import { describe, expect, it } from 'vitest';
import { type UtmPresets, withoutPreset, withPreset } from '@/lib/settings/utm-presets';

describe('UTM presets', () => {
  it('are kept by name, sorted, and a name saved again (in any case) replaces the old one', () => {
    let state: UtmPresets = { presets: [], lastUsed: null };
    state = withPreset(state, { name: 'Social', utm: { source: 'twitter' } });
    state = withPreset(state, { name: 'Newsletter', utm: { source: 'newsletter' } });
    state = withPreset(state, { name: 'social', utm: { source: 'mastodon' } });
    expect(state.presets).toEqual([
      { name: 'Newsletter', utm: { source: 'newsletter' } },
      { name: 'social', utm: { source: 'mastodon' } },
    ]);
  });

  it('deleting the last used one forgets it was last used', () => {
    const state = { presets: [{ name: 'A', utm: { source: 'a' } }], lastUsed: 'A' };
    expect(withoutPreset(state, 'A')).toEqual({ presets: [], lastUsed: null });
  });
});
