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

/**
 * Where the clicks came from, each click once: the referring sites, each site once whatever the
 * service's spellings of it (they are shown on demand), the service's direct bucket in the
 * interface's words, then the clicks no listed entry brought.
 */
export function shownSources(s: Statistics, total: number): ShownTally[] {
  const { sites, rest } = sourcesOf(s, total);
  const shown: ShownTally[] = sites.map((site) => ({
    key: site.direct ? '?direct' : site.label,
    label: site.direct ? t('stats.directEmailOther') : site.label,
    count: site.count,
    title: site.spellings.map((sp) => sp.label).join(', '),
    ...(!site.direct && site.spellings.length > 1 && { spellings: site.spellings }),
  }));
  const direct = sites.some((site) => site.direct);
  if (rest > 0)
    shown.push({ key: '?rest', label: direct ? t('stats.notListed') : t('stats.directOrOther'), count: rest });
  return shown;
}

/** Social networks the service is known to count, by its names for them. */
const NETWORKS = {
  facebook: 'stats.networkFacebook',
  twitter: 'stats.networkTwitter',
  x: 'stats.networkTwitter',
  linkedin: 'stats.networkLinkedin',
  reddit: 'stats.networkReddit',
  instagram: 'stats.networkInstagram',
  pinterest: 'stats.networkPinterest',
  tumblr: 'stats.networkTumblr',
  whatsapp: 'stats.networkWhatsapp',
} as const;

/** The social networks among those sources: a subset, never added to them; a network not known here as the service wrote it. */
export function shownSocial(s: Statistics): ShownTally[] {
  return sourcesOf(s, 0).social.map((n) => {
    const name = n.label.trim().toLowerCase();
    const known = name in NETWORKS ? NETWORKS[name as keyof typeof NETWORKS] : null;
    return {
      key: n.label,
      label: known ? t(known) : t('stats.serviceLabel', { label: n.label }),
      count: n.count,
      title: n.label,
    };
  });
}
