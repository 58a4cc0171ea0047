import { describe, expect, it } from 'vitest';
import { catalogueLocales, catalogueMessages } from '../../../store/catalogues';
import { listingProblems } from '../../../store/rules/listing';

describe('the listing words of every locale fit both stores (name ≤ 50, description ≤ 132)', () => {
  it('holds for each catalogue', async () => {
    const listings = Object.fromEntries(
      await Promise.all(
        catalogueLocales().map(async (locale) => {
          const messages = await catalogueMessages(locale);
          return [locale, { name: messages.manifest_name ?? '', description: messages.manifest_description ?? '' }];
        }),
      ),
    );
    expect(Object.keys(listings)).toEqual(['ar', 'de', 'en', 'es', 'fr']);
    expect(listingProblems(listings)).toEqual([]);
  });

  it('fails on a long German name and an overlong description, counted in characters', () => {
    const name = 'Linkpilot – Kurzlinks erstellen, verfolgen und verwalten';
    expect(listingProblems({ de: { name, description: 'Kurz.' } })).toEqual([
      `de: name is ${[...name].length} characters (at most 50)`,
    ]);
    expect(listingProblems({ ar: { name: 'Linkpilot', description: 'ع'.repeat(133) } })).toEqual([
      'ar: description is 133 characters (at most 132)',
    ]);
    // 132 characters of four UTF-16 units' worth each still fit.
    expect(listingProblems({ en: { name: 'Linkpilot', description: '🔗'.repeat(132) } })).toEqual([]);
    expect(listingProblems({ fr: { name: '', description: 'x' } })).toEqual(['fr: name is empty']);
  });
});
