import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import { checkLink, createLinkInput, linkFieldsInput, parseLinkForm, validLink } from '@/lib/api/inputs/links';
import { words } from '@/lib/words';

const now = new Date('2026-06-01T00:00:00Z');
const past = { url: 'https://example.com/', expiry: '2026-05-31 23:59:59' };

describe('one check of a link, for the form, the action and the client', () => {
  it('names every problem at its field, an expiry past by the given clock among them', () => {
    const checked = checkLink(linkFieldsInput, { ...past, url: 'example' }, now);
    expect(Object.keys(checked.errors ?? {}).sort()).toEqual(['expiry', 'url']);
    expect(checked.errors?.expiry).toBe(words('input.link.expiryPast'));
    // The same expiry is fine a second earlier.
    expect(checkLink(linkFieldsInput, past, new Date('2026-05-31T23:59:58Z')).errors).toBeNull();
  });

  it('the form and the thrown check agree on the problem', () => {
    expect(parseLinkForm(past, now).errors).toEqual({ expiry: words('input.link.expiryPast') });
    for (const schema of [linkFieldsInput, createLinkInput]) {
      const error = (() => {
        try {
          validLink(schema, past, now);
        } catch (e) {
          return e;
        }
      })();
      expect(isApiError(error) && [error.field, error.message]).toEqual(['expiry', words('input.link.expiryPast')]);
    }
  });
});
