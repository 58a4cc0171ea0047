import { storage } from 'wxt/utils/storage';
import type { UtmPreset } from '../utm/utm';
import { plausibleHost } from './bare-host';

/** "On this site, use this UTM preset": links made while writing on the site get the preset's values. */
export interface SitePreset {
  /** A host without "www." ("linkedin.com"); its subdomains are included. */
  site: string;
  /** The preset's name, as in the UTM presets. */
  preset: string;
}

export const sitePresetsItem = storage.defineItem<SitePreset[]>('local:site-presets', { fallback: [], version: 1 });

/** The site a person typed ("https://www.LinkedIn.com/feed", "linkedin.com"), or null when it names none. */
export function siteOf(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
    return plausibleHost(host) ? host.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/** Adds the site's row, or changes the preset of a site already listed. */
export function withSitePreset(rows: SitePreset[], row: SitePreset): SitePreset[] {
  return [...rows.filter((r) => r.site !== row.site), row].sort((a, b) => a.site.localeCompare(b.site));
}

/**
 * The preset for a page the person is writing on: the row of its host or of the nearest parent
 * domain listed (mail.google.com before google.com), while that preset still exists.
 */
export function presetForPage(
  pageUrl: string | undefined,
  rows: SitePreset[],
  presets: UtmPreset[],
): UtmPreset | undefined {
  let host: string;
  try {
    host = new URL(pageUrl ?? '').hostname;
  } catch {
    return undefined;
  }
  const row = rows
    .filter((r) => host === r.site || host.endsWith(`.${r.site}`))
    .sort((a, b) => b.site.length - a.site.length)[0];
  return row ? presets.find((p) => p.name === row.preset) : undefined;
}
