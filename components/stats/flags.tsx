/**
 * A country's flag from its English name (the service labels countries by name: "Germany"). The
 * names come from the same Intl region names the local server uses, so no table ships with the
 * extension. Flags are emoji where the system draws them; elsewhere (Windows, Linux without an emoji
 * font) the two-letter code stands in, rather than an empty box.
 */
let byName: Map<string, string> | null = null;
let drawsFlags: boolean | null = null;

function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

export function countryCode(country: string): string | null {
  const label = country.trim();
  return /^[A-Za-z]{2}$/.test(label) ? label.toUpperCase() : (codesByName().get(label.toLowerCase()) ?? null);
}

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
export function CountryMark({ country }: { country: string }) {
  const code = countryCode(country);
  if (!code) return null;
  return systemDrawsFlags() ? (
    <span aria-hidden="true">{flagEmoji(code)} </span>
  ) : (
    <span className="country-code" aria-hidden="true">
      {code}
    </span>
  );
}
