import type { LinkForm } from '../api/inputs/links';
import { linkDefaultsItem } from '../settings/link-defaults';
import { utmPresetsItem } from '../settings/utm-presets';
import type { Utm } from '../utm/utm';
import { pageLink, startingPreset } from './page-link';

/**
 * The link "Shorten this page" makes without a form to choose in (context menu, keyboard shortcut,
 * a text field): the defaults for new links and the preset the popup would start with, and the
 * page's title. `utm` replaces the starting preset (the preset chosen for the site a person writes on).
 */
export async function pageLinkAsDefaults(
  page: { url: string; title: string },
  utm?: Utm,
): Promise<{ form: LinkForm; placement: { channelKey: string | null; campaignKey: string | null } }> {
  const [options, presets] = await Promise.all([linkDefaultsItem.getValue(), utmPresetsItem.getValue()]);
  return pageLink({ ...page, options, utm: utm ?? startingPreset(presets)?.utm ?? {} });
}
