import { storage } from 'wxt/utils/storage';
import type { UtmPreset } from '../utm/utm';

/** Saved UTM presets, and the one used last (offered first next time). */
export interface UtmPresets {
  presets: UtmPreset[];
  lastUsed: string | null;
}

export const utmPresetsItem = storage.defineItem<UtmPresets>('local:utm-presets', {
  fallback: { presets: [], lastUsed: null },
  version: 1,
});

/** Adds a preset, or replaces the one with the same name (names are compared ignoring case). */
export function withPreset(state: UtmPresets, preset: UtmPreset): UtmPresets {
  const others = state.presets.filter((p) => p.name.toLowerCase() !== preset.name.toLowerCase());
  return { ...state, presets: [...others, preset].sort((a, b) => a.name.localeCompare(b.name)) };
}

export function withoutPreset(state: UtmPresets, name: string): UtmPresets {
  return {
    presets: state.presets.filter((p) => p.name !== name),
    lastUsed: state.lastUsed === name ? null : state.lastUsed,
  };
}
