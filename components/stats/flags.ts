/**
 * A country's flag from its English name (the service labels countries by name: "Germany"). The
 * names come from the same Intl region names the local server uses, so no table ships with the
 * extension. Flags are emoji: where the system has no flag glyphs they read as the two letters.
 */
let byName: Map<string, string> | null = null;

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

export function flagOf(country: string): string | null {
  const label = country.trim();
  const code = /^[A-Za-z]{2}$/.test(label) ? label.toUpperCase() : codesByName().get(label.toLowerCase());
  if (!code) return null;
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
