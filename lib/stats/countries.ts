/**
 * The service labels a visit's country as it likes: an English name ("Germany"), a two-letter code,
 * and for some countries a code that is not ISO 3166's (France as "FX", the United Kingdom as "UK",
 * both from older GeoIP data). Each label is read once into an ISO 3166-1 alpha-2 code, so it can be
 * named in the interface's language and given its flag; a label that is no country stays as written.
 */

/** Codes GeoIP databases and older standards use for countries ISO 3166 codes otherwise. */
const ALIASES: Record<string, string> = {
  FX: 'FR', // Metropolitan France
  UK: 'GB',
  EL: 'GR', // the EU's code for Greece
  TP: 'TL', // East Timor
  ZR: 'CD', // Zaire
  BU: 'MM', // Burma
};

/**
 * Names GeoIP databases and ISO lists write that are not the names Intl gives, even once both are
 * read alike (nameKey: "&" and "and", "St." and "Saint", accents and punctuation aside).
 */
const NAME_ALIASES: Record<string, string> = {
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'russian federation': 'RU',
  'korea, republic of': 'KR',
  'republic of korea': 'KR',
  "korea, democratic people's republic of": 'KP',
  'iran, islamic republic of': 'IR',
  'viet nam': 'VN',
  'czech republic': 'CZ',
  'syrian arab republic': 'SY',
  "lao people's democratic republic": 'LA',
  'moldova, republic of': 'MD',
  'republic of moldova': 'MD',
  'tanzania, united republic of': 'TZ',
  'venezuela, bolivarian republic of': 'VE',
  'bolivia, plurinational state of': 'BO',
  'taiwan, province of china': 'TW',
  'holy see (vatican city state)': 'VA',
  'holy see': 'VA',
  vatican: 'VA',
  'macedonia, the former yugoslav republic of': 'MK',
  macedonia: 'MK',
  'republic of north macedonia': 'MK',
  'united states of america': 'US',
  usa: 'US',
  'metropolitan france': 'FR',
  'dr congo': 'CD',
  'democratic republic of the congo': 'CD',
  'congo, the democratic republic of the': 'CD',
  'congo republic': 'CG',
  'republic of the congo': 'CG',
  congo: 'CG',
  'ivory coast': 'CI',
  'hashemite kingdom of jordan': 'JO',
  'republic of lithuania': 'LT',
  palestine: 'PS',
  'palestine, state of': 'PS',
  'palestinian territory': 'PS',
  'hong kong': 'HK',
  macao: 'MO',
  macau: 'MO',
  myanmar: 'MM',
  burma: 'MM',
  'cabo verde': 'CV',
  swaziland: 'SZ',
  turkey: 'TR',
  'east timor': 'TL',
  'federated states of micronesia': 'FM',
  'micronesia, federated states of': 'FM',
  'bonaire, sint eustatius, and saba': 'BQ',
  'bonaire, sint eustatius and saba': 'BQ',
  'united states minor outlying islands': 'UM',
  aland: 'AX',
  'falkland islands (malvinas)': 'FK',
  'brunei darussalam': 'BN',
  'libyan arab jamahiriya': 'LY',
  'saint helena, ascension and tristan da cunha': 'SH',
  'virgin islands, british': 'VG',
  'virgin islands, u.s.': 'VI',
  'saint vincent and the grenadines': 'VC',
  'south georgia and the south sandwich islands': 'GS',
  'heard island and mcdonald islands': 'HM',
  'saint martin (french part)': 'MF',
  'sint maarten (dutch part)': 'SX',
  'gambia, the': 'GM',
  'bahamas, the': 'BS',
};

/** A country name as compared: "St. Kitts & Nevis" and "Saint Kitts and Nevis" read alike, so do "Côte d’Ivoire" and "Cote d'Ivoire". */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/['\u2019\u2018]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

const ALIASES_BY_KEY = new Map(Object.entries(NAME_ALIASES).map(([name, code]) => [nameKey(name), code]));

/** Withdrawn codes with no one country today (Yugoslavia, the Soviet Union, …): kept as written. */
const WITHDRAWN = new Set(['AN', 'CS', 'DD', 'DY', 'HV', 'NH', 'NT', 'RH', 'SU', 'VD', 'YD', 'YU']);

/**
 * Codes that name no country: user-assigned ranges (AA, QM–QZ, XA–XZ but Kosovo's XK, ZZ), regions
 * and groups (EU, EZ, UN), and GeoIP's own (A1 anonymous proxy, A2 satellite, O1 other, AP Asia/Pacific).
 */
function notACountry(code: string): boolean {
  if (code === 'XK') return false;
  return (
    code === 'AA' ||
    code === 'ZZ' ||
    code === 'EU' ||
    code === 'EZ' ||
    code === 'UN' ||
    code === 'AP' ||
    WITHDRAWN.has(code) ||
    /^Q[M-Z]$/.test(code) ||
    /^X[A-Z]$/.test(code)
  );
}

let byName: Map<string, string> | null = null;

/** Every assigned code by its English name, from Intl: no table of names ships with the extension. */
function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (notACountry(code) || code in ALIASES) continue;
      const name = names.of(code);
      if (name && !byName.has(nameKey(name))) byName.set(nameKey(name), code);
    }
  }
  return byName;
}

/** Whether Intl knows `code` as a region (an unassigned code has no name). */
function assigned(code: string): boolean {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The ISO 3166-1 alpha-2 code of a country label of the service, or null when it names no country. */
export function countryCode(label: string): string | null {
  const text = label.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    if (ALIASES[code]) return ALIASES[code];
    return notACountry(code) || !assigned(code) ? null : code;
  }
  const key = nameKey(text);
  return ALIASES_BY_KEY.get(key) ?? codesByName().get(key) ?? null;
}

/** A country's name in `locale` ("Frankreich" for FR in German); null when Intl has none. */
export function countryName(code: string, locale: string): string | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/** Labels that mean the service could not tell the country. */
export function isUnknownCountry(label: string): boolean {
  return /^(unknown|n\/?a|-+|\?+|zz|xx|)$/i.test(label.trim());
}

export interface CountryTally {
  /** ISO code; null when the label names no country (shown as written, without a flag). */
  code: string | null;
  /** The label as the service wrote it (the first one, when two labels name one country). */
  label: string;
  unknown: boolean;
  count: number;
}

/**
 * The service's country list, each label read into its country; two labels of one country ("FX"
 * and "France") are one entry, their counts added, largest first.
 */
export function countriesOf(tallies: readonly { label: string; count: number }[]): CountryTally[] {
  const merged = new Map<string, CountryTally>();
  for (const { label, count } of tallies) {
    const unknown = isUnknownCountry(label);
    const code = unknown ? null : countryCode(label);
    const id = unknown ? '?unknown' : (code ?? `?${label}`);
    const seen = merged.get(id);
    if (seen) seen.count += count;
    else merged.set(id, { code, label, unknown, count });
  }
  return [...merged.values()].sort((a, b) => b.count - a.count);
}

let codes: string[] | null = null;

/** Every assigned country code Intl knows, A to Z: what a target may name. */
export function countryCodes(): string[] {
  if (codes) return codes;
  codes = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!notACountry(code) && !(code in ALIASES) && assigned(code)) codes.push(code);
    }
  }
  return codes;
}
