/** Both stores' limits for the listing words that come from the manifest (Chrome Web Store and AMO). */
export const LISTING_LIMITS = { name: 50, description: 132 } as const;

export interface Listing {
  name: string;
  description: string;
}

/** What is too long, per locale: "de: name is 61 characters (at most 50)". */
export function listingProblems(listings: Readonly<Record<string, Listing>>): string[] {
  const problems: string[] = [];
  for (const [locale, listing] of Object.entries(listings)) {
    for (const field of ['name', 'description'] as const) {
      // Characters as people count them, not UTF-16 units.
      const length = [...listing[field]].length;
      if (length === 0) problems.push(`${locale}: ${field} is empty`);
      if (length > LISTING_LIMITS[field])
        problems.push(`${locale}: ${field} is ${length} characters (at most ${LISTING_LIMITS[field]})`);
    }
  }
  return problems;
}
