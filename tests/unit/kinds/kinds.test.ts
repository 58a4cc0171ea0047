import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isApiError } from '@/lib/api/errors';
import { errorInWords, problemInWords } from '@/lib/browser/problems-in-words';
import type { Change } from '@/lib/db/schema';
import { describeChange, editableFields } from '@/lib/kinds';
import * as actions from '@/lib/sync/actions';
import { fakeI18n } from '../i18n/catalogue';
import { freshDb } from '../sync/db';

const queued = async (db: ReturnType<typeof freshDb>) => db.outbox.orderBy('seq').toArray();

describe('how the sync centre names a queued change', () => {
  it.each<[Change, string]>([
    [{ kind: 'channel', op: 'create', payload: { name: 'News' } }, 'Create channel “News”'],
    [{ kind: 'channel', op: 'update', payload: { starred: true } }, 'Update channel'],
    [{ kind: 'channel', op: 'update', payload: { name: 'Renamed' } }, 'Update channel “Renamed”'],
    [{ kind: 'campaign', op: 'delete', payload: null }, 'Delete campaign'],
    [
      { kind: 'domain', op: 'create', payload: { domain: 'https://go.test' } },
      'Create branded domain “https://go.test”',
    ],
    [{ kind: 'domain', op: 'update', payload: { redirect404: 'https://x.test' } }, 'Update branded domain'],
    [{ kind: 'qr', op: 'create', payload: { type: 'text', data: 'x', name: 'Poster' } }, 'Create QR code “Poster”'],
    [
      {
        kind: 'link',
        op: 'create',
        payload: { input: { url: 'https://e.test', custom: 'mine' }, channelKey: null, campaignKey: null },
      },
      'Create short link “mine”',
    ],
    [
      { kind: 'account', op: 'update', payload: { email: 'a@b.test', password: 'secret12' } },
      'Update account e-mail to a@b.test password',
    ],
    [
      { kind: 'channelItem', op: 'create', payload: { channelKey: 'c', type: 'qr', itemKey: 'q', itemId: null } },
      'Add QR code to a channel',
    ],
    [{ kind: 'campaignLink', op: 'create', payload: { campaignKey: 'c' } }, 'Add link to a campaign'],
    [{ kind: 'account', op: 'update', payload: { password: 'secret12' } }, 'Update account password'],
  ])('%j', (change, sentence) => {
    expect(problemInWords(describeChange(change))).toBe(sentence);
  });

  it('shows a name as the person wrote it, cut short, in the sentence of each language', async () => {
    const long = { kind: 'channel', op: 'create', payload: { name: `{x} ${'n'.repeat(100)}` } } as const;
    expect(problemInWords(describeChange(long))).toBe(`Create channel “{x} ${'n'.repeat(76)}”`);
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(problemInWords(describeChange({ kind: 'channel', op: 'create', payload: { name: 'News' } }))).toBe(
      'Kanal „News“ erstellen',
    );
    expect(problemInWords(describeChange({ kind: 'campaign', op: 'delete', payload: null }))).toBe('Kampagne löschen');
  });

  it('offers the fields of a queued create a person can correct, and none of an update', () => {
    const fields = editableFields({ kind: 'campaign', op: 'create', payload: { name: 'Spring' } });
    expect(fields.map((f) => ({ ...f, label: problemInWords(f.label) }))).toEqual([
      { name: 'name', label: 'Campaign name', value: 'Spring' },
      { name: 'slug', label: 'Rotator slug', value: '' },
    ]);
    expect(editableFields({ kind: 'channel', op: 'update', payload: { name: 'x' } })).toEqual([]);
  });
});

describe('correcting and discarding queued changes', () => {
  it('a refused create, corrected, is validated as a create, its record follows, and it is queued again', async () => {
    const db = freshDb();
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/a', custom: 'taken' } });
    const [entry] = await queued(db);
    await db.outbox.update(entry!.seq!, { state: 'failed', attempts: 2 });
    const bad = await actions.editQueuedCreate({ db }, entry!.seq!, { custom: 'no way' }).catch((e: unknown) => e);
    expect(isApiError(bad) && bad.field).toBe('custom');
    await actions.editQueuedCreate({ db }, entry!.seq!, { url: 'https://example.com/second', custom: undefined });
    expect((await queued(db))[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      payload: { input: { url: 'https://example.com/second' } },
    });
    expect((await queued(db))[0]).not.toMatchObject({ payload: { input: { custom: expect.anything() } } });
    expect(await db.links.get(key)).toMatchObject({
      alias: '',
      longurl: 'https://example.com/second',
      sync: 'pending',
    });
    expect((await db.links.get(key))?.words).toContain('second');
  });

  it('a create being sent cannot be corrected', async () => {
    const db = freshDb();
    await actions.create({ db }, 'channel', { name: 'On the wire' });
    const [entry] = await queued(db);
    await db.outbox.update(entry!.seq!, { state: 'inflight' });
    const refused = await actions.editQueuedCreate({ db }, entry!.seq!, { name: 'Too late' }).catch((e: unknown) => e);
    expect(errorInWords(refused, '')).toBe('This change is being sent and cannot be edited now.');
    Object.assign(fakeBrowser.i18n, await fakeI18n('de'));
    expect(errorInWords(refused, '')).toBe(
      'Diese Änderung wird gerade gesendet und kann jetzt nicht bearbeitet werden.',
    );
  });

  it('discarding a link create takes its record and its assignments along; discarding an assignment keeps the link', async () => {
    const db = freshDb();
    await db.channels.add({
      key: 'c1',
      id: 1,
      sync: 'synced',
      pulledAt: 1,
      name: 'News',
      description: '',
      color: null,
      starred: false,
    });
    await db.campaigns.add({
      key: 'k1',
      id: 2,
      sync: 'synced',
      pulledAt: 1,
      name: 'Spring',
      slug: null,
      public: false,
      rotator: null,
      list: '',
    });
    const kept = await actions.create({ db }, 'link', { input: { url: 'https://example.com/kept' } });
    await db.links.update(kept, { id: 5 });
    await actions.create({ db }, 'campaignLink', { campaignKey: 'k1', key: kept });
    const dropped = await actions.create({ db }, 'link', { input: { url: 'https://example.com/dropped' } });
    await actions.create({ db }, 'channelItem', { channelKey: 'c1', item: { type: 'links', key: dropped } });
    const seqOf = async (kind: string, key: string) =>
      (await queued(db)).find((e) => e.kind === kind && e.key === key)!.seq!;
    await actions.discardChange({ db }, await seqOf('campaignLink', kept));
    await actions.discardChange({ db }, await seqOf('link', dropped));
    expect([await db.links.get(kept), await db.links.get(dropped)].map((l) => l?.longurl)).toEqual([
      'https://example.com/kept',
      undefined,
    ]);
    expect((await queued(db)).map((e) => `${e.kind}:${e.key === kept}`)).toEqual(['link:true']);
    expect(await db.channelItems.count()).toBe(0);
  });

  it('discarding an e-mail change stops showing it as pending', async () => {
    const db = freshDb();
    await db.account.put({
      key: 'me',
      id: 1,
      email: 'old@b.test',
      username: '',
      avatar: '',
      status: '',
      expires: null,
      registered: null,
      pendingEmail: null,
    } as never);
    await actions.update({ db }, 'account', 'me', { email: 'new@b.test' });
    expect((await db.account.get('me'))?.pendingEmail).toBe('new@b.test');
    await actions.discardChange({ db }, (await queued(db))[0]!.seq!);
    expect((await db.account.get('me'))?.pendingEmail).toBeNull();
  });
});
