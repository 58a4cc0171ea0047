import { linkCounting } from './link';
import type { Counting } from './listing';
import { qrCounting } from './qr';

/** Every kind whose records hold a total kept over time (lib/history), by kind name. */
export const COUNTED = { link: linkCounting, qr: qrCounting } as const satisfies Record<string, Counting>;

export type Counted = keyof typeof COUNTED;
export const isCounted = (kind: string): kind is Counted => kind in COUNTED;
export const COUNTED_KINDS: readonly Counted[] = Object.keys(COUNTED).filter(isCounted);

/** The total a row of a counted kind holds (a link's clicks, a QR code's scans). */
export function totalIn(kind: Counted, row: object): number {
  const total: unknown = Reflect.get(row, COUNTED[kind].field);
  return typeof total === 'number' ? total : 0;
}
