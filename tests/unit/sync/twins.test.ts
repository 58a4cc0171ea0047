import { describe, expect, it } from 'vitest';
import type { Mirrored } from '@/lib/db/schema';
import { holdsWhatWasSent, looksLikeTwin, provenTwin, twinProne } from '@/lib/sync/twins';

type Row = Mirrored & Record<string, unknown>;
const row = (key: string, id: number | null, extra: Record<string, unknown> = {}): Row => ({
  key,
  id,
  sync: 'synced',
  pulledAt: 0,
  name: 'Launch',
  ...extra,
});

describe('twins of a create the browser resent', () => {
  it('a pulled record just below one made here, with its name, is a twin', () => {
    expect(looksLikeTwin('channel', row('s000000000000009', 9), row('l0001', 10))).toBe(true);
    expect(looksLikeTwin('qr', row('s000000000000007', 7), row('l0001', 10))).toBe(true);
  });

  it('just above ours too: a stopped worker may have adopted the lower of the two', () => {
    expect(looksLikeTwin('channel', row('s000000000000011', 11), row('l0001', 10))).toBe(true);
  });

  it('not when the ids are far apart, the names differ, or ours was not made here', () => {
    expect(looksLikeTwin('channel', row('s000000000000006', 6), row('l0001', 10))).toBe(false);
    expect(looksLikeTwin('channel', row('s000000000000014', 14), row('l0001', 10))).toBe(false);
    expect(looksLikeTwin('channel', row('s000000000000009', 9, { name: 'Other' }), row('l0001', 10))).toBe(false);
    expect(looksLikeTwin('channel', row('s000000000000009', 9), row('s000000000000010', 10))).toBe(false);
    expect(looksLikeTwin('channel', row('s000000000000009', 9), row('l0001', null))).toBe(false);
  });

  it('a campaign with a slug cannot be doubled: the service refuses the copy', () => {
    expect(
      looksLikeTwin('campaign', row('s000000000000009', 9), row('l0001', 10, { rotator: 'https://s.test/r/launch' })),
    ).toBe(false);
    expect(looksLikeTwin('campaign', row('s000000000000009', 9), row('l0001', 10, { rotator: null }))).toBe(true);
    expect([twinProne('domain'), twinProne('link'), twinProne('channel')]).toEqual([false, true, true]);
  });

  it('a copy is proven, and removed unasked, only when our create bore the mark of a resend and the copy holds what was sent', () => {
    const sent = { name: 'Launch', color: '#ABCDEF', description: '' };
    const copy = row('s000000000000009', 9, { color: '#abcdef', description: null });
    expect(provenTwin('channel', copy, row('l0001', 10, { sentTwice: sent }))).toBe(true);
    // Ours renamed since: still the copy of what was sent.
    expect(provenTwin('channel', copy, row('l0001', 10, { name: 'Renamed', sentTwice: sent }))).toBe(true);
    expect(provenTwin('channel', copy, row('l0001', 10))).toBe(false);
    expect(
      provenTwin('channel', row('s000000000000009', 9, { color: '#000000' }), row('l0001', 10, { sentTwice: sent })),
    ).toBe(false);
    expect(
      provenTwin('channel', row('s000000000000005', 5, { color: '#abcdef' }), row('l0001', 10, { sentTwice: sent })),
    ).toBe(false);
    // The API cannot delete a QR code: its copy stays flagged.
    expect(provenTwin('qr', copy, row('l0001', 10, { sentTwice: sent }))).toBe(false);
  });

  it('fields the mirror does not keep are not compared', () => {
    expect(holdsWhatWasSent({ name: 'A' }, { name: 'a ', starred: true })).toBe(true);
    expect(holdsWhatWasSent({ name: 'A', starred: false }, { name: 'A', starred: true })).toBe(false);
  });

  it('a link is a twin by its long URL, unless it was made with a custom alias (the service refuses that copy)', () => {
    const link = (key: string, id: number, extra: Record<string, unknown> = {}) =>
      row(key, id, { name: undefined, longurlKey: 'example.com/page', input: null, ...extra });
    expect(
      looksLikeTwin(
        'link',
        link('s000000000000009', 9),
        link('l0001', 10, { input: { url: 'https://example.com/page' } }),
      ),
    ).toBe(true);
    expect(
      looksLikeTwin(
        'link',
        link('s000000000000009', 9, { longurlKey: 'example.com/other' }),
        link('l0001', 10, { input: { url: 'https://example.com/page' } }),
      ),
    ).toBe(false);
    expect(
      looksLikeTwin(
        'link',
        link('s000000000000009', 9),
        link('l0001', 10, { input: { url: 'https://example.com/page', custom: 'mine' } }),
      ),
    ).toBe(false);
    expect(provenTwin('link', link('s000000000000009', 9), link('l0001', 10, { sentTwice: { input: {} } }))).toBe(
      false,
    );
  });
});
