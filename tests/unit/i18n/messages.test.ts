import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { z } from 'zod';
import { errorInWords, problemInWords } from '@/components/ui/problems-in-words';
import { decode } from '@/lib/api/decode';
import { ApiError } from '@/lib/api/errors';
import { readRateLimit } from '@/lib/api/rate-limit';
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
