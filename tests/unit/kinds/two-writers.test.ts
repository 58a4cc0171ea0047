import { describe, expect, it } from 'vitest';
import type { Change } from '@/lib/db/schema';
import { channel } from '@/lib/kinds/channel';
import { link } from '@/lib/kinds/link';
import { baseOf, deleteConflicts, mergeUpdate } from '@/lib/kinds/two-writers';

const linkRow = { longurl: 'https://a.example/', alias: 'abc', title: 'Title', description: '' };
const linkHow = link.twoWriters!;

describe('the base of a queued change', () => {
  it('holds an update’s changed readable fields, not the long URL it must carry unchanged', () => {
    const change: Change<'link'> = {
      kind: 'link',
      op: 'update',
      payload: {
        input: { url: 'https://a.example/', metatitle: 'New', expiry: '2099-01-01 00:00:00' },
        was: {} as never,
      },
    };
    expect(baseOf(linkHow, change, linkRow)).toEqual({ metatitle: 'Title' });
  });

  it('holds a changed long URL like any field', () => {
    const change: Change<'link'> = {
      kind: 'link',
      op: 'update',
      payload: { input: { url: 'https://b.example/' }, was: {} as never },
    };
    expect(baseOf(linkHow, change, linkRow)).toEqual({ url: 'https://a.example/' });
  });

  it('holds every readable field of a deleted record', () => {
    const change: Change<'channel'> = { kind: 'channel', op: 'delete', payload: null };
    const row = { name: 'N', description: 'D', color: '#000000', starred: false };
    expect(baseOf(channel.twoWriters!, change, row)).toEqual(row);
  });
});

describe('the three-way merge', () => {
  const base = { name: 'A', color: '#111111' };
  it('sends what changed only here and leaves what changed only elsewhere', () => {
    expect(mergeUpdate({ name: 'Mine' }, { name: 'A' }, { name: 'A', color: '#222222' })).toEqual({
      send: { name: 'Mine' },
      conflicts: [],
      changesAnything: true,
    });
  });
  it('needs nothing when both sides set the same value', () => {
    expect(mergeUpdate({ name: 'Same' }, base, { ...base, name: 'Same' })).toMatchObject({ changesAnything: false });
  });
  it('is a conflict when both sides set different values', () => {
    expect(mergeUpdate({ name: 'Mine' }, base, { ...base, name: 'Theirs' })).toEqual({
      send: null,
      conflicts: [{ field: 'name', mine: 'Mine', theirs: 'Theirs' }],
    });
  });
  it('fills a required field the person did not change with the service’s value', () => {
    const merged = mergeUpdate(
      { url: 'https://old.example/', metatitle: 'T2' },
      { metatitle: 'T' },
      {
        url: 'https://new.example/',
        metatitle: 'T',
      },
      ['url'],
    );
    expect(merged.send).toEqual({ metatitle: 'T2', url: 'https://new.example/' });
  });
  it('sends fields it cannot read back, and fields without a base, as the person set them', () => {
    expect(mergeUpdate({ expiry: 'x', name: 'B' }, {}, { name: 'C' }).send).toEqual({ expiry: 'x', name: 'B' });
  });
  it('compares lists and booleans by value', () => {
    expect(mergeUpdate({ starred: true }, { starred: false }, { starred: false }).send).toEqual({ starred: true });
    expect(mergeUpdate({ pixels: [1, 2] }, { pixels: [1] }, { pixels: [1] }).send).toEqual({ pixels: [1, 2] });
  });
  it('names each field a deleted record changed since, as deleted and as it is now', () => {
    expect(deleteConflicts({ name: 'A', color: '#1' }, { name: 'B', color: '#1' })).toEqual([
      { field: 'name', mine: 'A', theirs: 'B' },
    ]);
  });
});

describe('a delete that absorbed an edit of ours', () => {
  it('is no conflict when the service holds what that edit set (it was applied, its answer lost)', () => {
    const base = { name: 'Launch', description: '' };
    expect(deleteConflicts(base, { name: 'Launch 2', description: '' }, { name: 'Launch 2' })).toEqual([]);
    // Another writer's value is still one.
    expect(deleteConflicts(base, { name: 'Theirs', description: '' }, { name: 'Launch 2' })).toEqual([
      { field: 'name', mine: 'Launch', theirs: 'Theirs' },
    ]);
  });
});
