import { countryCode, countryCodes, countryName } from '../stats/countries';

/** One value a target may name: what is sent, and what the person reads and types. */
export interface TargetChoice {
  value: string;
  label: string;
}

export type ChoiceKind = 'country' | 'device' | 'language';

/**
 * The devices the service tells apart. Its own examples name them so; the local service matches
 * them against the visitor's system too (server/redirect/destination.ts).
 */
const DEVICES = ['iPhone', 'iPad', 'Android', 'Windows', 'Mac', 'Linux'];

/** ISO 639-1 languages, named by Intl in the interface's language; the service wants the code. */
const LANGUAGES =
  'af am ar az be bg bn bs ca cs cy da de el en es et eu fa fi fil fr ga gl gu he hi hr hu hy id is it ja ka kk km kn ko ky lo lt lv mk ml mn mr ms mt my nb ne nl pa pl ps pt ro ru si sk sl so sq sr sv sw ta te th tk tr uk ur uz vi xh zh zu'.split(
    ' ',
  );

const byLabel = (a: TargetChoice, b: TargetChoice) => a.label.localeCompare(b.label);

function named(type: 'region' | 'language', code: string, locale: string): string | null {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'none' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * What a target of this kind may name, in `locale`, A to Z: a country by its ISO 3166 code and a
 * language by its ISO 639 code, each named in the interface's language; a device by its name.
 */
export function targetChoices(kind: ChoiceKind, locale: string): TargetChoice[] {
  if (kind === 'device') return DEVICES.map((d) => ({ value: d, label: d }));
  if (kind === 'language')
    return LANGUAGES.map((code) => ({ value: code, label: named('language', code, locale) ?? code })).sort(byLabel);
  return countryCodes()
    .map((code) => ({ value: code, label: countryName(code, locale) ?? code }))
    .sort(byLabel);
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The choice a stored value names, also when it was written another way than this list sends it
 * (a country by its English name, "Germany", or a language with a region, "pt-BR").
 */
function choiceOf(kind: ChoiceKind, choices: TargetChoice[], value: string): TargetChoice | undefined {
  const found = choices.find((c) => same(c.value, value));
  if (found || !value.trim()) return found;
  if (kind === 'country') {
    const code = countryCode(value);
    return code ? choices.find((c) => c.value === code) : undefined;
  }
  if (kind === 'language') return choices.find((c) => same(c.value, value.split('-')[0]!));
}

/** What the field shows for a stored value: its name, or the value itself when the list has none. */
export function choiceLabel(kind: ChoiceKind, choices: TargetChoice[], value: string): string {
  return choiceOf(kind, choices, value)?.label ?? value;
}

/** What is stored for what the person typed: the value of the choice it names, else the text itself. */
export function choiceValue(kind: ChoiceKind, choices: TargetChoice[], typed: string): string {
  const byName = choices.find((c) => same(c.label, typed));
  return byName?.value ?? choiceOf(kind, choices, typed)?.value ?? typed;
}
