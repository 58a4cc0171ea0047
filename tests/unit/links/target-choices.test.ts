import { describe, expect, it } from 'vitest';
import { choiceLabel, choiceValue, targetChoices } from '@/lib/links/target-choices';

describe('target choices', () => {
  it('name countries in the interface language and keep their ISO code as the value', () => {
    const de = targetChoices('country', 'de');
    expect(de.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(de.some((c) => c.value === 'EU' || c.value === 'ZZ' || c.value === 'UK')).toBe(false);
    expect(choiceValue('country', de, 'deutschland')).toBe('DE');
    // A country stored by its English name or an old code still shows by its name.
    expect(choiceLabel('country', de, 'Germany')).toBe('Deutschland');
    expect(choiceLabel('country', targetChoices('country', 'ar'), 'FR')).toBe('فرنسا');
  });

  it('name languages by Intl and hand on their code; devices as the service names them', () => {
    const en = targetChoices('language', 'en');
    expect(choiceValue('language', en, 'German')).toBe('de');
    expect(choiceLabel('language', en, 'pt-BR')).toBe('Portuguese');
    expect(targetChoices('device', 'de').map((c) => c.value)).toContain('iPhone');
    expect(choiceValue('device', targetChoices('device', 'en'), 'iphone')).toBe('iPhone');
  });

  it('hand on text that names no choice as typed, for the service to judge', () => {
    const en = targetChoices('country', 'en');
    expect(choiceValue('country', en, 'Atlantis')).toBe('Atlantis');
    expect(choiceLabel('country', en, 'Atlantis')).toBe('Atlantis');
    expect(choiceValue('country', en, 'Ger')).toBe('Ger');
  });
});
