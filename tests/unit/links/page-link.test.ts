import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseLinkForm } from '@/lib/api/inputs/links';
import { pageLink, startingPreset } from '@/lib/links/page-link';
import { pageLinkAsDefaults } from '@/lib/links/page-link-defaults';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { type UtmPresets, utmPresetsItem } from '@/lib/settings/utm-presets';

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
    const page = { url: 'https://example.com/a?x=1', title: '  A page about things  ' };
    const made = await pageLinkAsDefaults(page);
    // The popup's form, submitted as it opens: the defaults and the preset it preselects.
    expect(made).toEqual(pageLink({ ...page, options: defaults, utm: startingPreset(presets)!.utm }));
    expect(parseLinkForm(made.form, new Date()).fields).toMatchObject({
      url: 'https://example.com/a?x=1&utm_source=newsletter&utm_medium=email',
      metatitle: 'A page about things',
      status: 'public',
      type: 'frame',
      domain: 'https://go.test',
    });
  });

  it('without a title or a preset used last, carries neither', async () => {
    await utmPresetsItem.setValue({ ...presets, lastUsed: null });
    const { form } = await pageLinkAsDefaults({ url: 'https://example.com/b', title: '' });
    expect(parseLinkForm(form, new Date()).fields).toEqual({
      url: 'https://example.com/b',
      status: 'public',
      type: 'frame',
      domain: 'https://go.test',
    });
  });

  it('a site’s preset replaces the one used last', async () => {
    const { form } = await pageLinkAsDefaults({ url: 'https://example.com/c', title: '' }, { source: 'social' });
    expect(form.url).toBe('https://example.com/c?utm_source=social');
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
