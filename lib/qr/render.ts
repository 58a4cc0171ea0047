/**
 * QR images drawn locally with `qrcode`, no network. Colours come as the API's rgb(r,g,b) or
 * as #RRGGBB; anything else falls back to black on white rather than failing the render.
 */
export interface QrStyle {
  foreground?: string | undefined;
  background?: string | undefined;
  /** Pixel size of the PNG. */
  size?: number;
}

export function colorToHex(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const hex = /^#([0-9a-f]{6})$/i.exec(value.trim());
  if (hex) return `#${hex[1]!.toLowerCase()}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value.trim());
  if (!rgb) return fallback;
  const parts = rgb.slice(1).map(Number);
  if (parts.some((n) => n > 255)) return fallback;
  return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToRgb(hex: string): string {
  const h = colorToHex(hex, '#000000').slice(1);
  return `rgb(${parseInt(h.slice(0, 2), 16)},${parseInt(h.slice(2, 4), 16)},${parseInt(h.slice(4, 6), 16)})`;
}

function options(style: QrStyle) {
  return {
    errorCorrectionLevel: 'M' as const,
    margin: 2,
    color: { dark: colorToHex(style.foreground, '#000000'), light: colorToHex(style.background, '#ffffff') },
  };
}

/** Loaded on first use, so pages that show no QR code never download the encoder. */
const encoder = () => import('qrcode').then((m) => m.default);

export async function qrSvg(text: string, style: QrStyle = {}): Promise<string> {
  return (await encoder()).toString(text, { ...options(style), type: 'svg' });
}

export async function qrPngDataUrl(text: string, style: QrStyle = {}): Promise<string> {
  return (await encoder()).toDataURL(text, { ...options(style), width: style.size ?? 512 });
}

/** Light and dark too close to tell apart: the code will not scan. */
export function poorContrast(style: QrStyle): boolean {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const a = lum(colorToHex(style.foreground, '#000000'));
  const b = lum(colorToHex(style.background, '#ffffff'));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) < 3;
}
