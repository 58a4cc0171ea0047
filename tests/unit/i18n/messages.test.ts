import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import { decode } from '@/lib/api/decode';
import { ApiError } from '@/lib/api/errors';
import { MAX_INPUT_URL, webUrlInput } from '@/lib/api/inputs/formats';
import { qrDataSchemas } from '@/lib/api/inputs/qr';
import { readRateLimit } from '@/lib/api/rate-limit';
import { fieldErrors } from '@/lib/api/validate-input';
import { errorInWords, problemInWords, problemsInWords } from '@/lib/browser/problems-in-words';
import { readWords, words } from '@/lib/words';
import { fakeI18n } from './catalogue';

describe('messages lib/ writes, and the view puts in words', () => {
  it('carries a key and its values in one string, numbers kept as numbers', () => {
    expect(words('bulk.problem.twice')).toBe('bulk.problem.twice');
    const written = words('bulk.problem.tooMany', { max: 5000 });
    expect(readWords(written)).toEqual({ key: 'bulk.problem.tooMany', values: { max: 5000 } });
  });

  it('reads only what words wrote: a sentence, or a key followed by anything but JSON values, is no message', () => {
    expect(readWords('The service failed (HTTP 500).')).toBeNull();
    expect(readWords('e.g. something')).toBeNull();
    expect(readWords('bulk.problem.tooMany [1]')).toBeNull();
    expect(readWords('bulk.problem.tooMany {oops')).toBeNull();
  });

  it('says a message in the interface language, its numbers written that way, and other text as it came', async () => {
    const tooMany = words('bulk.problem.tooMany', { max: 5000 });
    expect(problemInWords(tooMany)).toBe('Only 5,000 lines are read at a time: split the list.');
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(problemInWords(tooMany)).toBe(
      'Es werden höchstens 5.000 Zeilen auf einmal gelesen: Teilen Sie die Liste auf.',
    );
    expect(problemInWords('no.such.message')).toBe('no.such.message');
    expect(problemInWords('Alias already taken')).toBe('Alias already taken');
  });

  it('says what the service did in the interface language, its status code as sent', async () => {
    const response = { status: 503, rateLimit: readRateLimit(new Headers(), 0), json: {}, snippet: '' };
    let error: unknown;
    try {
      decode(response, z.object({}), 0, true);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(errorInWords(error, '')).toBe('The service failed (HTTP 503). It will be tried again.');
    Object.assign(fakeBrowser.i18n, await fakeI18n('fr'));
    expect(errorInWords(error, '')).toBe('Le service a échoué (HTTP 503). Un nouvel essai aura lieu.');
  });
});

describe("the service's words are never taken for ours", () => {
  // The advice to change the Service URL, as a service could write it to pass for the extension's own.
  const forged = words('connect.notTheApi', { url: 'https://evil.example' });
  const answer = (status: number) => ({
    status,
    rateLimit: readRateLimit(new Headers(), 0),
    json: { error: 1, message: forged },
    snippet: '',
  });
  const thrown = (status: number) => {
    try {
      decode(answer(status), z.object({}), 0, true);
    } catch (error) {
      return error;
    }
    throw new Error('decoded');
  };

  it.each([400, 401, 403, 404])(
    "shows a message shaped like a catalogue key verbatim, as the service's (HTTP %i)",
    (status) => {
      const error = thrown(status);
      expect(error).toBeInstanceOf(ApiError);
      expect(errorInWords(error, '')).toBe(`The service says: “${forged}”`);
      expect(errorInWords(error, '')).not.toContain('check the Service URL');
      // Across a message to a page or into IndexedDB and back, still the service's.
      const back = ApiError.from(JSON.parse(JSON.stringify((error as ApiError).toJSON())));
      expect(errorInWords(back, '')).toBe(`The service says: “${forged}”`);
    },
  );

  it("reads an earlier version's stored error as it wrote it: its own words, or the service's text", () => {
    const base = { kind: 'auth', status: 401, field: null, retryable: false, ambiguous: false, retryAt: null } as const;
    const ours = ApiError.from({ ...base, message: words('service.keyRefused'), serverMessage: null });
    const theirs = ApiError.from({ ...base, message: forged, serverMessage: forged });
    expect(errorInWords(ours, '')).toBe('The API key was refused.');
    expect(errorInWords(theirs, '')).toBe(`The service says: “${forged}”`);
  });
});

describe('the input rules (lib/api/inputs), in words', () => {
  const tooLongUrl = `https://example.com/${'a'.repeat(MAX_INPUT_URL)}`;
  const problemOf = (value: string) => {
    const parsed = webUrlInput.safeParse(value);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('reads in English as before, with the user’s own text and the limits filled in', () => {
    expect(problemInWords(problemOf(tooLongUrl)!)).toBe('A URL can be at most 2,048 characters long.');
    expect(problemInWords(problemOf('javascript:alert(1)')!)).toBe(
      'Only http and https URLs can be used, not javascript:.',
    );
    const vcard = qrDataSchemas.vcard.safeParse({ firstname: 'A', city: 'x'.repeat(101), zip: 'x'.repeat(21) });
    expect(vcard.success ? {} : problemsInWords(fieldErrors(vcard.error))).toEqual({
      city: 'The city can be at most 100 characters long.',
      zip: 'The postcode can be at most 20 characters long.',
    });
  });

  it('reads in German, its numbers written the German way', async () => {
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(problemInWords(problemOf(tooLongUrl)!)).toBe('Eine URL darf höchstens 2.048 Zeichen lang sein.');
    expect(problemInWords(problemOf('ftp://example.com')!)).toBe('Nur http- und https-URLs sind möglich, nicht ftp:.');
  });
});
