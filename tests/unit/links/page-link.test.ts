import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseLinkForm } from '@/lib/api/inputs/links';
import { pageLink, startingPreset } from '@/lib/links/page-link';
import { createPageLink } from '@/lib/links/page-link-action';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { type UtmPresets, utmPresetsItem } from '@/lib/settings/utm-presets';
import { freshDb } from '../sync/db';

const defaults: LinkDefaults = {
  status: 'public',
  type: 'frame',
  domain: 'https://go.test',
  channelKey: null,
  campaignKey: null,
};
const presets: UtmPresets = {
  presets: [
    { name: 'news', utm: { source: 'newsletter', medium: 'email' } },
    { name: 'social', utm: { source: 'social' } },
  ],
  lastUsed: 'news',
};

describe('the link "Shorten this page" makes', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await linkDefaultsItem.setValue(defaults);
    await utmPresetsItem.setValue(presets);
  });

  it('from the shortcut or the menu is the one the popup makes untouched: defaults, preset, title', async () => {
    const db = freshDb();
    const page = { url: 'https://example.com/a?x=1', title: '  A page about things  ' };
    const key = await createPageLink({ db, priority: 0 }, page);
    const entry = (await db.outbox.where('key').equals(key).first())!;
    // The popup's form, submitted as it opens: the defaults and the preset it preselects.
    const popup = pageLink({ ...page, options: defaults, utm: startingPreset(presets)!.utm });
    const parsed = parseLinkForm(popup.form, new Date());
    expect(entry.payload).toEqual({ input: parsed.fields, channelKey: null, campaignKey: null });
    expect(entry.priority).toBe(0);
    expect(parsed.fields).toMatchObject({
      url: 'https://example.com/a?x=1&utm_source=newsletter&utm_medium=email',
      metatitle: 'A page about things',
      status: 'public',
      type: 'frame',
      domain: 'https://go.test',
    });
    db.close();
  });

  it('without a title or a preset used last, carries neither', async () => {
    await utmPresetsItem.setValue({ ...presets, lastUsed: null });
    const db = freshDb();
    const key = await createPageLink({ db }, { url: 'https://example.com/b', title: '' });
    const entry = (await db.outbox.where('key').equals(key).first())!;
    expect((entry.payload as { input: Record<string, unknown> }).input).toEqual({
      url: 'https://example.com/b',
      status: 'public',
      type: 'frame',
      domain: 'https://go.test',
    });
    db.close();
  });

  it('keeps at most 200 characters of a title, and a typed title over the page title', () => {
    const long = pageLink({ url: 'https://example.com/', title: 'x'.repeat(300), options: defaults, utm: {} });
    expect(long.form.metatitle).toHaveLength(200);
    const typed = pageLink({
      url: 'https://example.com/',
      title: 'Page',
      options: defaults,
      utm: {},
      fields: { metatitle: 'Mine' },
    });
    expect(typed.form.metatitle).toBe('Mine');
  });
});
