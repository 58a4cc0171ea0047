import { describe, expect, it } from 'vitest';
import { call, type PlainAnswer, plainRequest, serverPerFile, withServer } from './http';

const ctx = serverPerFile({ passwordAttempts: { limit: 3, windowSec: 60 } });
const s = () => ctx.server;

async function link(body: Record<string, unknown>) {
  const made = await call(s(), 'POST', '/api/url/add', body);
  expect(made.status, made.text).toBe(200);
  return made.json as { id: number; shorturl: string };
}

async function rotatorOf(linkId: number, slug: string) {
  const campaign = (await call(s(), 'POST', '/api/campaign/add', { name: `Rotator ${slug}`, slug })).json.id;
  expect((await call(s(), 'POST', `/api/campaign/${campaign}/assign/${linkId}`)).json.error).toBe(0);
  return `${s().url}/r/${slug}`;
}

const clicks = async (id: number) => (await call(s(), 'GET', `/api/url/${id}`)).json.data.clicks as number;

/** A visit, with a password when given, from another loopback address (another visitor) when given. */
function visit(url: string, { password, from }: { password?: string; from?: string } = {}): Promise<PlainAnswer> {
  const target = new URL(url);
  if (password === undefined) return plainRequest(target.origin, target.pathname, { localAddress: from });
  return plainRequest(target.origin, target.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `password=${encodeURIComponent(password)}`,
    localAddress: from,
  });
}

describe('a campaign rotator visits the chosen link as its own short URL would', () => {
  it('asks for the password of a protected link and counts only after the right one', async () => {
    const guarded = await link({ url: 'https://example.com/guarded', password: 'open sesame' });
    const rotator = await rotatorOf(guarded.id, 'guarded-rotator');
    const first = await visit(rotator);
    expect(first.status).toBe(200);
    expect(first.text).toContain('type="password"');
    expect(await clicks(guarded.id)).toBe(0);
    const right = await visit(rotator, { password: 'open sesame' });
    expect(right.status).toBe(302);
    expect(right.headers.location).toBe('https://example.com/guarded');
    expect(await clicks(guarded.id)).toBe(1);
  });

  it('serves frame and splash types as pages, not as a bare redirect', async () => {
    const framed = await link({ url: 'https://example.com/framed', type: 'frame' });
    const page = await visit(await rotatorOf(framed.id, 'framed-rotator'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<iframe src="https://example.com/framed"');
    const splashed = await link({ url: 'https://example.com/splashed', type: 'splash' });
    expect((await visit(await rotatorOf(splashed.id, 'splash-rotator'))).text).toContain(
      'Continue to https://example.com/splashed',
    );
  });

  it('answers 410 for an expired link and does not count it', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    await withServer({ now: () => now }, async (timed) => {
      const soon = (
        await call(timed, 'POST', '/api/url/add', { url: 'https://example.com/soon', expiry: '2031-01-01 00:10:00' })
      ).json;
      const campaign = (await call(timed, 'POST', '/api/campaign/add', { name: 'Soon', slug: 'soon-rotator' })).json.id;
      await call(timed, 'POST', `/api/campaign/${campaign}/assign/${soon.id}`);
      expect((await visit(`${timed.url}/r/soon-rotator`)).status).toBe(302);
      now = new Date('2031-01-01T00:11:00Z');
      expect((await visit(`${timed.url}/r/soon-rotator`)).status).toBe(410);
      expect((await call(timed, 'GET', `/api/url/${soon.id}`)).json.data.clicks).toBe(1);
    });
  });
});

describe('password guessing', () => {
  it('is limited per visitor and link: 429 with Retry-After once the attempts are spent', async () => {
    const guarded = await link({ url: 'https://example.com/vault', password: 'correct horse' });
    const other = await link({ url: 'https://example.com/other-vault', password: 'correct horse' });
    for (let i = 0; i < 3; i++) expect((await visit(guarded.shorturl, { password: `guess ${i}` })).status).toBe(401);
    const limited = await visit(guarded.shorturl, { password: 'correct horse' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await clicks(guarded.id)).toBe(0);
    // Another link, and another visitor on this link, still have their attempts.
    expect((await visit(other.shorturl, { password: 'correct horse' })).status).toBe(302);
    expect((await visit(guarded.shorturl, { password: 'correct horse', from: '127.0.0.2' })).status).toBe(302);
  });

  it('a right password gives the visitor their attempts back', async () => {
    const guarded = await link({ url: 'https://example.com/typo', password: 'the right one' });
    for (let round = 0; round < 3; round++) {
      expect((await visit(guarded.shorturl, { password: 'the rigth one' })).status).toBe(401);
      expect((await visit(guarded.shorturl, { password: 'the wrong one' })).status).toBe(401);
      expect((await visit(guarded.shorturl, { password: 'the right one' })).status).toBe(302);
    }
  });

  it('hashing runs off the main thread: the API answers while eight guesses are checked', async () => {
    const vaults = await Promise.all(
      Array.from({ length: 8 }, (_, i) => link({ url: `https://example.com/parallel-${i}`, password: `secret ${i}` })),
    );
    const guesses = vaults.map((v) => visit(v.shorturl, { password: 'not it' }));
    await new Promise((r) => setTimeout(r, 5));
    const started = Date.now();
    const account = await call(s(), 'GET', '/api/account');
    const apiMs = Date.now() - started;
    const answered = await Promise.all(guesses);
    expect(account.status).toBe(200);
    expect(answered.map((g) => g.status)).toEqual(Array(8).fill(401));
    // Blocking hashes make the API wait for the guesses ahead of it; off the main thread it does not.
    expect(apiMs).toBeLessThan(Math.min(...answered.map((g) => g.tookMs)));
  });
});

describe('QR vCards', () => {
  it('escape their values as RFC 6350 says, so no value can add a line to the card', async () => {
    const made = (
      await call(s(), 'POST', '/api/qr/add', { type: 'vcard', data: { firstname: 'Eve', lastname: 'Doe' } })
    ).json;
    const code = made.link.split('/').pop();
    // Stored before control characters were refused: an older database may hold such values.
    s()
      .db.prepare('UPDATE qr_codes SET data = ? WHERE code = ?')
      .run(
        JSON.stringify({
          firstname: 'Eve\r\nTEL:666',
          lastname: 'Doe; Jr, \\III',
          organization: 'Acme\nEND:VCARD',
          phone: '+1 555',
        }),
        code,
      );
    const card = await (await fetch(made.link)).text();
    const lines = card.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines.at(-1)).toBe('END:VCARD');
    expect(lines.filter((l) => l === 'END:VCARD')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('TEL:'))).toEqual(['TEL:+1 555']);
    expect(card).toContain('N:Doe\\; Jr\\, \\\\III;Eve\\nTEL:666;;;');
    expect(card).toContain('ORG:Acme\\nEND:VCARD');
    expect(card).not.toMatch(/[^\r]\n/);
  });
});
