import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { problemInWords } from '@/lib/browser/problems-in-words';
import { MAX_BULK_LINES, MAX_LIST_FILE_BYTES, readListFile, readUrlList } from '@/lib/bulk/url-list';
import { readWords } from '@/lib/words';
import { fakeI18n } from '../i18n/catalogue';

describe('a pasted list or CSV of URLs', () => {
  it('reads one URL per line, with an optional alias, and lists each bad line with why', () => {
    const { items, problems } = readUrlList(
      [
        'url,alias',
        'https://example.com/a,spring-a',
        '',
        'https://example.com/b',
        'example.com/c',
        'https://example.com/d,bad alias',
        'https://example.com/a',
        'javascript:alert(1)',
      ].join('\n'),
    );
    expect(items).toEqual([
      { line: 2, url: 'https://example.com/a', alias: 'spring-a' },
      { line: 4, url: 'https://example.com/b' },
    ]);
    expect(problems.map((p) => [p.line, problemInWords(p.reason)])).toEqual([
      [5, 'Enter a full URL starting with https:// or http://.'],
      [6, 'An alias may use only letters a–z, digits, - and _.'],
      [7, 'This URL is already in the list.'],
      [8, 'Only http and https URLs can be used, not javascript:.'],
    ]);
  });

  it('reads spreadsheet CSV: quoted cells, semicolons, a byte-order mark', () => {
    const { items } = readUrlList('\uFEFF"https://example.com/?a=1,2";"q-alias"\r\n"https://example.com/x"\r\n');
    expect(items).toEqual([
      { line: 1, url: 'https://example.com/?a=1,2', alias: 'q-alias' },
      { line: 2, url: 'https://example.com/x' },
    ]);
  });

  it('stops at the limit and says so, in the interface language', async () => {
    const text = Array.from({ length: MAX_BULK_LINES + 5 }, (_, i) => `https://example.com/${i}`).join('\n');
    const { items, problems } = readUrlList(text);
    expect(items).toHaveLength(MAX_BULK_LINES);
    expect(problems).toHaveLength(1);
    expect(problemInWords(problems[0]!.reason)).toBe(
      `Only ${MAX_BULK_LINES.toLocaleString('en')} lines are read at a time: split the list.`,
    );
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(problemInWords(problems[0]!.reason)).toBe(
      `Es werden höchstens ${MAX_BULK_LINES.toLocaleString('de')} Zeilen auf einmal gelesen: Teilen Sie die Liste auf.`,
    );
  });

  it('refuses a list file over 2 MB by its size, before reading any of it', async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024)], 'links.csv', { type: 'text/csv' });
    const read = vi.spyOn(big, 'text');
    const refused = await readListFile(big).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RangeError);
    expect(readWords((refused as RangeError).message)).toEqual({
      key: 'bulk.problem.fileTooLarge',
      values: { size: 10, max: 2 },
    });
    expect(read).not.toHaveBeenCalled();

    const small = new File(['https://example.com/a, a-one\n'], 'links.csv');
    expect(MAX_LIST_FILE_BYTES).toBe(2 * 1024 * 1024);
    expect(readUrlList(await readListFile(small)).items).toEqual([
      { line: 1, url: 'https://example.com/a', alias: 'a-one' },
    ]);
  });
});
