import type { Statistics } from '@/lib/api/schemas/stats';
import { t, uiLocale } from '@/lib/browser/i18n';
import { countriesOf, countryName } from '@/lib/stats/countries';
import { sourcesOf } from '@/lib/stats/sources';
import { CountryMark } from './flags';
import type { ShownTally } from './Tallies';

/** The countries as shown: named in the interface's language, with a flag where the label is a country. */
export function shownCountries(s: Statistics): ShownTally[] {
  return countriesOf(s.topCountries).map((c) => ({
    key: c.unknown ? '?unknown' : (c.code ?? `?${c.label}`),
    label: c.unknown ? t('stats.unknownCountry') : c.code ? (countryName(c.code, uiLocale()) ?? c.label) : c.label,
    count: c.count,
    mark: c.code ? <CountryMark code={c.code} /> : undefined,
    title: c.label,
  }));
}

/** Where the clicks came from, each click once: the referring sites, then the rest (direct, or a site not listed). */
export function shownSources(s: Statistics, total: number): ShownTally[] {
  const { sites, rest } = sourcesOf(s, total);
  const shown: ShownTally[] = sites.map((site) => ({ key: site.label, label: site.label, count: site.count }));
  if (rest > 0) shown.push({ key: '?rest', label: t('stats.directOrOther'), count: rest });
  return shown;
}

/** The social networks among those sources: a subset, never added to them. */
export function shownSocial(s: Statistics): ShownTally[] {
  return sourcesOf(s, 0).social.map((n) => ({ key: n.label, label: n.label, count: n.count }));
}
