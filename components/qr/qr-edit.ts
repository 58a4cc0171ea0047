import type { QrRow } from '@/lib/db/schema';
import { colorToHex, hexToRgb } from '@/lib/qr/render';
import type { QrLook } from './QrLookFields';

/**
 * A code's name and look as its edit form opens: what the mirror knows. A colour is known when the
 * input carries it (a code made here sends both); one made elsewhere has only its name, and keeps its
 * colours '' (not known) after it was re-pointed here, never the defaults, which would claim black on white.
 */
export function lookOf(qr: QrRow): QrLook {
  const colour = (value: string | undefined) => (value ? colorToHex(value, '') : '');
  return {
    name: qr.name,
    foreground: colour(qr.input?.foreground),
    background: colour(qr.input?.background),
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
