import { storage } from 'wxt/utils/storage';

/** The options a person last used for a new link, offered again next time. */
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
