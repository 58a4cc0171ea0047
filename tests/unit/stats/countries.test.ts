import { describe, expect, it } from 'vitest';
import { countriesOf, countryCode, countryName } from '@/lib/stats/countries';
import { sourcesOf } from '@/lib/stats/sources';

describe('country labels of the service', () => {
  it('reads the codes older GeoIP data uses into ISO 3166 codes', () => {
    expect(countryCode('FX')).toBe('FR');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('uk')).toBe('GB');
    expect(countryCode('EL')).toBe('GR');
    expect(countryCode('DE')).toBe('DE');
  });

  it('reads English names, GeoIP spellings too', () => {
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('Russian Federation')).toBe('RU');
    expect(countryCode('Korea, Republic of')).toBe('KR');
    expect(countryCode('Serbia')).toBe('RS');
  });

  it('reads the names GeoIP data writes where Intl writes them otherwise', () => {
    const cases: [string, string][] = [
      ['Bosnia and Herzegovina', 'BA'],
      ['Saint Kitts and Nevis', 'KN'],
      ['St Lucia', 'LC'],
      ['South Georgia and the South Sandwich Islands', 'GS'],
      ["Cote d'Ivoire", 'CI'],
      ['Côte d’Ivoire', 'CI'],
      ['Ivory Coast', 'CI'],
      ['DR Congo', 'CD'],
      ['Democratic Republic of the Congo', 'CD'],
      ['Congo Republic', 'CG'],
      ['Turkey', 'TR'],
      ['Myanmar', 'MM'],
      ['Hong Kong', 'HK'],
      ['Reunion', 'RE'],
      ['Aland Islands', 'AX'],
      ['The Netherlands', 'NL'],
      ['Trinidad and Tobago', 'TT'],
      ['united states', 'US'],
    ];
    for (const [label, code] of cases) expect(countryCode(label), label).toBe(code);
  });

  it('maps no label that names no one country', () => {
    for (const label of ['EU', 'AP', 'A1', 'ZZ', 'XX', 'YU', 'QO', 'Atlantis', 'AB'])
      expect(countryCode(label)).toBeNull();
    expect(countryCode('XK')).toBe('XK');
  });

  it('names countries in the interface language', () => {
    expect(countryName('FR', 'de')).toBe('Frankreich');
    expect(countryName('GB', 'de')).toBe('Vereinigtes Königreich');
    expect(countryName('GB', 'fr')).toBe('Royaume-Uni');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('FR', 'es')).toBe('Francia');
    expect(countryName('GB', 'es')).toBe('Reino Unido');
    expect(countryName('FR', 'ar')).toBe('فرنسا');
    expect(countryName('GB', 'ar')).toBe('المملكة المتحدة');
  });

  it('counts two labels of one country as one entry, keeps the unknown and the unmappable apart', () => {
    const list = countriesOf([
      { label: 'FX', count: 2 },
      { label: 'France', count: 3 },
      { label: 'UK', count: 4 },
      { label: 'Unknown', count: 1 },
      { label: 'Anonymous Proxy', count: 1 },
    ]);
    expect(list).toEqual([
      { code: 'FR', label: 'FX', unknown: false, count: 5 },
      { code: 'GB', label: 'UK', unknown: false, count: 4 },
      { code: null, label: 'Unknown', unknown: true, count: 1 },
      { code: null, label: 'Anonymous Proxy', unknown: false, count: 1 },
    ]);
  });
});

describe('sources of the clicks', () => {
  it('never counts a click twice: social networks are a subset of the sites', () => {
    const s = {
      topReferrers: [
        { label: 'news.ycombinator.com', count: 2 },
        { label: 'twitter.com', count: 7 },
      ],
      socialCount: [
        { label: 'twitter', count: 7 },
        { label: 'facebook', count: 0 },
      ],
    };
    const { sites, social, rest } = sourcesOf(s, 9);
    expect(sites.map((x) => x.label)).toEqual(['twitter.com', 'news.ycombinator.com']);
    expect(sites.reduce((sum, x) => sum + x.count, 0) + rest).toBe(9);
    expect(social).toEqual([{ label: 'twitter', count: 7 }]);
    expect(rest).toBe(0);
  });

  it('says how many clicks no listed site brought', () => {
    expect(sourcesOf({ topReferrers: [{ label: 'a.example', count: 3 }], socialCount: [] }, 10).rest).toBe(7);
  });
});
