/**
 * A country's flag from its ISO code (lib/stats/countries.ts reads the service's labels into codes).
 * Flags are emoji where the system draws them; elsewhere (Windows, Linux without an emoji font) the
 * two-letter code stands in, rather than an empty box.
 */
let drawsFlags: boolean | null = null;

const flagEmoji = (code: string) => String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** Whether this system draws flag emoji in colour: a missing glyph is drawn as a grey box or letters. */
function systemDrawsFlags(): boolean {
  if (drawsFlags !== null) return drawsFlags;
  drawsFlags = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 24;
    canvas.height = 24;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return drawsFlags;
    context.font = '18px sans-serif';
    context.textBaseline = 'top';
    context.fillText(flagEmoji('DE'), 0, 0);
    const pixels = context.getImageData(0, 0, 24, 24).data;
    for (let i = 0; i < pixels.length; i += 4) {
      if (pixels[i + 3]! > 0 && (pixels[i] !== pixels[i + 1] || pixels[i + 1] !== pixels[i + 2])) {
        drawsFlags = true;
        break;
      }
    }
  } catch {
    // No canvas: the letters it is.
  }
  return drawsFlags;
}

/** The mark shown before a country's name: its flag, or its two-letter code. */
export function CountryMark({ code }: { code: string }) {
  return systemDrawsFlags() ? (
    <span aria-hidden="true">{flagEmoji(code)} </span>
  ) : (
    <span className="country-code" aria-hidden="true">
      {code}
    </span>
  );
}
