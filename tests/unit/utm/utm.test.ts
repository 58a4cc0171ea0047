import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fieldErrors } from '@/lib/api/validate-input';
import { problemsInWords } from '@/lib/browser/problems-in-words';
import { applyUtm, utmInput, utmPresetInput } from '@/lib/utm/utm';
import { fakeI18n } from '../i18n/catalogue';

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

  it('name their problems by catalogue key, and the form says them in the interface language', async () => {
    const problems = (value: unknown) => {
      const parsed = utmPresetInput.safeParse(value);
      return parsed.success ? {} : problemsInWords(fieldErrors(parsed.error));
    };
    expect(problems({ name: ' ', utm: { medium: 'email', term: 'x'.repeat(201), content: 'a\u200b' } })).toEqual({
      name: 'Give the preset a name.',
      'utm.term': 'Keep it under 200 characters.',
      'utm.content': 'Remove the invisible or control characters.',
    });
    expect(problems({ name: 'n'.repeat(61), utm: { medium: 'email' } })).toEqual({
      name: 'Keep the name under 60 characters.',
      'utm.source': 'Give at least the source (where the link is shared, e.g. newsletter).',
    });
    expect(problems({ name: 'Empty', utm: {} })).toEqual({
      'utm.source': 'Fill in at least the source before saving a preset.',
    });
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(problems({ name: 'Empty', utm: {} })).toEqual({
      'utm.source': 'Füllen Sie mindestens die Quelle aus, bevor Sie eine Vorlage speichern.',
    });
  });

  it('a problem the catalogue does not name is shown as it came', () => {
    expect(problemsInWords({ name: 'Expected string, received number' })).toEqual({
      name: 'Expected string, received number',
    });
  });
});
