import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { t } from '@/lib/browser/i18n';
import { problemInWords } from '@/lib/browser/problems-in-words';
import { originPermissionPattern, parseServiceUrl } from '@/lib/settings/service-url';
import { fakeI18n } from '../i18n/catalogue';

describe('parseServiceUrl', () => {
  it.each([
    ['https://short.example.com', 'https://short.example.com'],
    ['  https://short.example.com/  ', 'https://short.example.com'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['https://example.com/shortener/', 'https://example.com/shortener'],
    ['short.example.com', 'https://short.example.com'],
    ['localhost:8787/links', 'https://localhost:8787/links'],
  ])('accepts %j as %s', (input, baseUrl) => {
    const result = parseServiceUrl(input);
    expect(result).toMatchObject({ ok: true, baseUrl });
  });

  it.each([
    ['', /Enter the Service URL/],
    ['mailto:someone@example.com', /must use http or https, not mailto/],
    ['javascript:alert(1)', /must use http or https, not javascript/],
    ['shortener', /not a valid address/],
    ['exa%%mple.com', /not a valid address/],
    ['ftp://short.example.com', /must start with http|must use http/],
    ['javascript://alert(1)', /must use http or https/],
    ['https://exa mple.com', /spaces/],
    ['https://user:pw@example.com', /user name or password/],
    ['https://example.com/?x=1', /query/],
    ['https://example.com/api/account', /remove "\/api\/account"/],
    ['https://example.com/api', /remove "\/api"/],
  ])('refuses %j with a message that says why', (input, message) => {
    const result = parseServiceUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(problemInWords(result.message)).toMatch(message);
  });

  it('says why in the interface language, the address to use included', async () => {
    const result = parseServiceUrl('https://example.com/links/api/account');
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(!result.ok && problemInWords(result.message)).toBe(
      'Die URL des Dienstes ist die Adresse vor /api, z. B. https://example.com/links; entfernen Sie „/api/account“.',
    );
  });

  it('notes that https:// was added to an address typed without it', () => {
    const result = parseServiceUrl('short.example.com/base/');
    expect(result).toMatchObject({ ok: true, baseUrl: 'https://short.example.com/base' });
    expect(result.ok && result.notes).toEqual(['addedScheme', 'trailingSlash']);
    expect(result.ok && t('settings.note.addedScheme')).toBe('https:// was added to the address.');
  });

  it('notes a removed trailing slash and plain http to a remote host', () => {
    const result = parseServiceUrl('http://short.example.com/base/');
    expect(result.ok && result.notes).toEqual(['trailingSlash', 'plainHttp']);
    // The view puts each note in the interface's words.
    expect(result.ok && result.notes.map((note) => t(`settings.note.${note}`))).toEqual([
      'The trailing slash was removed.',
      expect.stringMatching(/unencrypted/),
    ]);
  });

  it('builds a host permission pattern without the port', () => {
    expect(originPermissionPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
    expect(originPermissionPattern('https://s.example.com')).toBe('https://s.example.com/*');
  });
});
