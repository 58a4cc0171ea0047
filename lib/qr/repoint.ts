import { type CreateQrInput, QR_TYPES, type QrType } from '../api/inputs/qr';
import { type MessageKey, words } from '../words';
import { scansCounted } from './payload';

/**
 * Re-pointing changes what a printed code leads to without printing it again. That holds only for
 * a code that leads through the service's address (savedQrText): the service then sends a scan on
 * to whatever the code holds now. A Wi-Fi code made here holds the network itself, so no edit at
 * the service reaches it; and a printed code cannot become a Wi-Fi one, since a phone joins a
 * network only from the network's own text in the code, never from a page the address opens.
 */

/** The types a printed code can be made to lead to. */
export const REPOINT_TYPES: readonly QrType[] = QR_TYPES.filter((type) => type !== 'wifi');

/** Why this code's printed image cannot be re-pointed, or null when it can. */
export function repointBlocked(qr: { input: CreateQrInput | null }): MessageKey | null {
  return scansCounted(qr) ? null : 'qrDestination.wifiHoldsNetwork';
}

/** Why this code cannot be re-pointed to `type` (at the field a form shows it), or null. */
export function repointRefusal(
  qr: { input: CreateQrInput | null },
  type: QrType,
): { field: string | null; message: string } | null {
  const blocked = repointBlocked(qr);
  if (blocked) return { field: null, message: words(blocked) };
  return REPOINT_TYPES.includes(type) ? null : { field: 'type', message: words('qrDestination.noWifi') };
}
