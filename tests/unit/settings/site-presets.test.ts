import { describe, expect, it } from 'vitest';
import { presetForPage, siteOf, withSitePreset } from '@/lib/settings/site-presets';

const linkedin = { name: 'LinkedIn', utm: { source: 'linkedin', medium: 'social' } };
const mail = { name: 'Mail', utm: { source: 'mail' } };
const google = { name: 'Google', utm: { source: 'google' } };

describe('siteOf', () => {
  it('takes the host of what was typed, without www.', () => {
    expect(siteOf('https://www.LinkedIn.com/feed')).toBe('linkedin.com');
    expect(siteOf(' mail.google.com ')).toBe('mail.google.com');
  });

  it('names no site for a word or a sentence', () => {
    expect(siteOf('linkedin')).toBeNull();
    expect(siteOf('linked in.com')).toBeNull();
    expect(siteOf('')).toBeNull();
  });
});

describe('presetForPage', () => {
  const rows = [
    { site: 'linkedin.com', preset: 'LinkedIn' },
    { site: 'google.com', preset: 'Google' },
    { site: 'mail.google.com', preset: 'Mail' },
    { site: 'x.com', preset: 'Deleted' },
  ];
  const presets = [linkedin, mail, google];

  it('uses the row of the page’s site, subdomains included', () => {
    expect(presetForPage('https://www.linkedin.com/feed/', rows, presets)).toBe(linkedin);
    expect(presetForPage('https://docs.google.com/d/1', rows, presets)).toBe(google);
  });

  it('prefers the nearest domain listed', () => {
    expect(presetForPage('https://mail.google.com/mail/u/0', rows, presets)).toBe(mail);
  });

  it('uses none for another site, a look-alike host or a preset that no longer exists', () => {
    expect(presetForPage('https://example.com/', rows, presets)).toBeUndefined();
    expect(presetForPage('https://notlinkedin.com/', rows, presets)).toBeUndefined();
    expect(presetForPage('https://x.com/home', rows, presets)).toBeUndefined();
    expect(presetForPage(undefined, rows, presets)).toBeUndefined();
  });
});

describe('withSitePreset', () => {
  it('changes the preset of a site already listed and keeps the list in order', () => {
    const rows = withSitePreset([{ site: 'x.com', preset: 'A' }], { site: 'b.com', preset: 'B' });
    expect(withSitePreset(rows, { site: 'x.com', preset: 'C' })).toEqual([
      { site: 'b.com', preset: 'B' },
      { site: 'x.com', preset: 'C' },
    ]);
  });
});
