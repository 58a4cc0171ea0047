import { describe, expect, it } from 'vitest';
import { locales, messagesOf } from './catalogue';

/**
 * A count a person reads is said with the language's plural forms ("Select the 1 QR code shown",
 * never "1 QR codes"): a message that writes `{count}` is a plural message (`name_one`,
 * `name_other`… in the generated catalogue), read through plural(). These are the exceptions, each
 * with no word that agrees with the number.
 */
const NO_COUNTED_WORD = new Set([
  'campaignLinks_newestShown', // always a constant above one
  'links_copyingOf', // "{count} of about {expected} links": the noun goes with the larger number
  'pixelsPage_count', // "Pixels (3)"
  'catalog_overlays',
  'catalog_splash',
  'freshness_minutesAgo', // an abbreviated unit: "3 min ago"
  'freshness_hoursAgo',
  'trends_totalNow', // "3 in all"
  'trends_beforeMark',
  'trends_partly',
  'trends_spread',
  'trends_gain', // "+3"
]);
const FORM = /_(zero|one|two|few|many|other)$/;

describe('counts are plural messages', () => {
  it.each(locales())('every message in %s that writes {count} has plural forms', async (locale) => {
    const messages = await messagesOf(locale);
    const singular = Object.entries(messages)
      .filter(([key, text]) => text.includes('{count}') && !FORM.test(key) && !NO_COUNTED_WORD.has(key))
      .map(([key]) => key);
    expect(singular).toEqual([]);
  });

  it.each(locales())('every plural message in %s has its "other" form', async (locale) => {
    const messages = await messagesOf(locale);
    const bases = new Set(
      Object.keys(messages)
        .filter((key) => FORM.test(key))
        .map((key) => key.replace(FORM, '')),
    );
    expect([...bases].filter((base) => messages[`${base}_other`] === undefined)).toEqual([]);
  });
});
