import { storage } from 'wxt/utils/storage';

/**
 * Explanations said once: true after the person has seen it. The one on channels and campaigns
 * ("can move a link, but not take it out") appears when a choice is about to be made, the first time.
 */
export const assignHintSeenItem = storage.defineItem<boolean>('local:seen-assign-hint', {
  fallback: false,
  version: 1,
});
