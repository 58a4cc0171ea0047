import { storage } from 'wxt/utils/storage';

/**
 * The options every new link starts from: the popup's form, the dashboard's New link, the context menu
 * and the shortcut. Changed in Settings, or from the popup's More options with "Use for new links";
 * options chosen for one link alone are not kept.
 */
export interface LinkDefaults {
  status: 'public' | 'private';
  type: string;
  domain: string;
  channelKey: string | null;
  campaignKey: string | null;
}

export const linkDefaultsItem = storage.defineItem<LinkDefaults>('local:link-defaults', {
  fallback: { status: 'private', type: 'direct', domain: '', channelKey: null, campaignKey: null },
  version: 1,
});
