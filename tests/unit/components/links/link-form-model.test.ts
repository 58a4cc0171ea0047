import { describe, expect, it } from 'vitest';
import { formErrorsOf } from '@/components/links/link-form-model';
import { ApiError } from '@/lib/api/errors';
import { linkFieldsOf, overlayType, parseLinkForm, splashPageType } from '@/lib/api/inputs/links';
import { problemsInWords } from '@/lib/browser/problems-in-words';

const now = new Date(Date.UTC(2026, 10, 22, 12));

describe('the link form model', () => {
  it('builds the API fields from what was typed: blanks left out, lists paired, pixels as numbers', () => {
    expect(
      linkFieldsOf({
        url: 'https://example.com/a',
        custom: '  ',
        type: 'direct',
        status: 'public',
        geo: [{ key: 'DE', link: 'https://example.de' }],
        parameters: [{ key: 'utm_source', link: 'popup' }],
        pixels: '3, 4',
        deeplink: { apple: 'https://apps.apple.com/x', google: '', auto: false },
      }),
    ).toEqual({
      url: 'https://example.com/a',
      status: 'public',
      geotarget: [{ location: 'DE', link: 'https://example.de' }],
      parameters: [{ name: 'utm_source', value: 'popup' }],
      pixels: [3, 4],
      deeplink: { apple: 'https://apps.apple.com/x', auto: false },
    });
  });

  it('encodes custom splash pages and CTA overlays as the service takes them, and accepts both', () => {
    expect([splashPageType(12), overlayType(3)]).toEqual(['12', 'overlay-3']);
    for (const type of [splashPageType(12), overlayType(3)])
      expect(parseLinkForm({ url: 'https://example.com', type }, now).fields).toMatchObject({ type });
  });

  it('names every bad field, and an expiry in the past by this clock', () => {
    const { errors } = parseLinkForm({ url: 'ftp://x', expiry: '2001-01-01 00:00:00', custom: 'a' }, now);
    expect(Object.keys(errors ?? {}).sort()).toEqual(['custom', 'expiry', 'url']);
    const late = parseLinkForm({ url: 'https://example.com', expiry: '2001-01-01 00:00:00' }, now).errors;
    expect(problemsInWords(late ?? {})).toEqual({
      expiry: 'The expiry must lie in the future.',
    });
  });

  it('shows a failure next to the field it names, or on the form', () => {
    const taken = new ApiError({ kind: 'validation', field: 'custom', message: 'custom: is taken', retryable: false });
    expect(formErrorsOf(taken)).toEqual({ custom: 'is taken' });
    expect(formErrorsOf(new Error('boom'))).toEqual({ _: 'The link could not be saved.' });
  });
});
