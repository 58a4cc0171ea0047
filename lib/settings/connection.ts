import { storage } from 'wxt/utils/storage';

/**
 * The one place the API key lives: extension-local storage, which web pages and content
 * scripts cannot read (this extension declares no content script that could relay it).
 */
export interface Connection {
  baseUrl: string;
  apiKey: string;
  connectedAt: string;
}

export const connectionItem = storage.defineItem<Connection | null>('local:connection', {
  fallback: null,
  version: 1,
});
