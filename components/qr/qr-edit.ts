import type { QrRow } from '@/lib/db/schema';
import { colorToHex, hexToRgb } from '@/lib/qr/render';
import { DEFAULT_LOOK, type QrLook } from './QrLookFields';

/**
 * A code's name and look as its edit form opens: what the mirror knows. A code made elsewhere: its name
 * only, its colours '' (not known), never the defaults, which would claim it is black on white.
 */
export function lookOf(qr: QrRow): QrLook {
  const colour = (value: string | undefined, fallback: string) => (qr.input ? colorToHex(value, fallback) : '');
  return {
    name: qr.name,
    foreground: colour(qr.input?.foreground, DEFAULT_LOOK.foreground),
    background: colour(qr.input?.background, DEFAULT_LOOK.background),
    logo: qr.input?.logo ?? '',
  };
}

/**
 * What an edit sends: each field that differs from what the form opened with, as the create form
 * would send it (colours as rgb()). An emptied logo is not sent: the API has no way to take one away.
 * Not yet validated: check it with updateQrInput.
 */
export function qrEditOf(opened: QrLook, look: QrLook): Record<string, string> {
  const edit: Record<string, string> = {};
  if (look.name.trim() !== opened.name.trim()) edit.name = look.name.trim();
  if (look.foreground !== opened.foreground) edit.foreground = hexToRgb(look.foreground);
  if (look.background !== opened.background) edit.background = hexToRgb(look.background);
  if (look.logo.trim() && look.logo.trim() !== opened.logo.trim()) edit.logo = look.logo.trim();
  return edit;
}
