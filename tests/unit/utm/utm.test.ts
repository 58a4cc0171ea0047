import { describe, expect, it } from 'vitest';
import { applyUtm, utmInput, utmPresetInput } from '@/lib/utm/utm';

describe('UTM parameters', () => {
  it('are added after the parameters a URL already has, which are kept', () => {
    expect(applyUtm('https://shop.test/p?id=7&ref=home#top', { source: 'newsletter', medium: 'email' })).toBe(
      'https://shop.test/p?id=7&ref=home&utm_source=newsletter&utm_medium=email#top',
    );
  });

  it('replace a UTM parameter the URL already carries, and are encoded', () => {
    expect(applyUtm('https://shop.test/?utm_source=old', { source: 'spring sale & more' })).toBe(
      'https://shop.test/?utm_source=spring+sale+%26+more',
    );
  });

  it('leave the URL untouched when empty, or when it is not a URL', () => {
    expect(applyUtm('https://shop.test/p', {})).toBe('https://shop.test/p');
    expect(applyUtm('shop.test/p', { source: 'x' })).toBe('shop.test/p');
  });

  it('are checked: trimmed, empty ones dropped, a source required once any is given, no hidden characters', () => {
    expect(utmInput.parse({ source: ' news ', medium: '', campaign: undefined })).toEqual({ source: 'news' });
    expect(utmInput.parse({})).toEqual({});
    const noSource = utmInput.safeParse({ medium: 'email' });
    expect(noSource.success).toBe(false);
    expect(noSource.error?.issues[0]?.path).toEqual(['source']);
    expect(utmInput.safeParse({ source: 'news\u200b\u0007' }).success).toBe(false);
    expect(utmInput.safeParse({ source: 'x'.repeat(201) }).success).toBe(false);
  });

  it('presets need a name and at least a source', () => {
    expect(utmPresetInput.safeParse({ name: ' ', utm: { source: 'a' } }).success).toBe(false);
    expect(utmPresetInput.safeParse({ name: 'Empty', utm: {} }).success).toBe(false);
    expect(utmPresetInput.parse({ name: ' Newsletter ', utm: { source: 'newsletter' } })).toEqual({
      name: 'Newsletter',
      utm: { source: 'newsletter' },
    });
  });
});
