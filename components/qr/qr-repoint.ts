import type { CreateQrInput, QrContent, QrType } from '@/lib/api/inputs/qr';
import { type Drafts, qrData } from './qr-drafts';

/** What a code holds as far as this browser knows: from a create made here, or a re-point made here since. */
export function contentOf(input: CreateQrInput | null): QrContent | null {
  return input ? ({ type: input.type, data: input.data } as QrContent) : null;
}

/**
 * What "Change where it leads" sends: the type with its data, as the create form builds it. The type
 * goes with it here so that the data is checked as that type's (updateQrInput); the request leaves
 * it out when it is the code's own. Not yet validated.
 */
export function repointOf(type: QrType, drafts: Drafts): { type: QrType; data: unknown } {
  return { type, data: qrData(type, drafts) };
}

/** Whether `next` is what the code already holds, whatever the order of its fields: nothing to send then. */
export function holdsAlready(known: QrContent | null, next: QrContent): boolean {
  return known !== null && known.type === next.type && canonical(known.data) === canonical(next.data);
}

function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}
