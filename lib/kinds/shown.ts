import type { Kind } from '../db/schema';
import { channelShown } from './channel';
import { linkShown } from './link';
import type { Shown } from './listing';
import { qrShown } from './qr';

/**
 * Every kind whose records a page may show and keep fresh, with how each is refreshed. Targets,
 * the refresh, its freshness and the pages' messages to refresh now are derived from this.
 */
export const SHOWN = { link: linkShown, qr: qrShown, channel: channelShown } as const satisfies Partial<
  Record<Kind, Shown>
>;

export type ShownKind = keyof typeof SHOWN;
const isShown = (kind: string): kind is ShownKind => kind in SHOWN;
export const SHOWN_KINDS: readonly ShownKind[] = Object.keys(SHOWN).filter(isShown);
export const shownOf = (kind: ShownKind): Shown => SHOWN[kind];
