import type { LinkForm } from '../api/inputs/links';
import type { LinkDefaults } from '../settings/link-defaults';
import type { UtmPresets } from '../settings/utm-presets';
import { applyUtm, type Utm, type UtmPreset } from '../utm/utm';

/** The most of a tab's title kept as the link's title: enough to recognise it, short enough to list. */
export const TITLE_MAX = 200;

/** The preset a new link starts with: the one used last, while it still exists. */
export function startingPreset(presets: UtmPresets): UtmPreset | undefined {
  return presets.presets.find((p) => p.name === presets.lastUsed);
}

export interface PageLinkChoice {
  url: string;
  /** The page's title as the person saw it ('' when unknown, as for a link on a page). */
  title: string;
  /** The options chosen for this link: the defaults for new links unless changed in the form. */
  options: LinkDefaults;
  utm: Utm;
  /** What else the person typed in the form (alias, password, targeting…). */
  fields?: Omit<LinkForm, 'url' | 'status' | 'type' | 'domain'>;
}

/**
 * The link "Shorten this page" makes, from the popup as from the context menu or the shortcut:
 * the page's title as the link's title unless one was typed, the UTM values applied to the URL,
 * the options as chosen, and where it is placed (channel, campaign: local keys).
 */
export function pageLink({ url, title, options, utm, fields = {} }: PageLinkChoice): {
  form: LinkForm;
  placement: { channelKey: string | null; campaignKey: string | null };
} {
  return {
    form: {
      ...fields,
      metatitle: fields.metatitle || title.trim().slice(0, TITLE_MAX) || undefined,
      url: applyUtm(url, utm),
      status: options.status,
      type: options.type,
      domain: options.domain,
    },
    placement: { channelKey: options.channelKey, campaignKey: options.campaignKey },
  };
}
