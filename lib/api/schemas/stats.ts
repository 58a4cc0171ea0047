import { z } from 'zod';
import { count, tallies } from './primitives';

/** Statistics of a short link or QR code; every map is a sorted list of {label, count}. */
export const statisticsSchema = z.object({
  clicks: count,
  uniqueClicks: count,
  topCountries: tallies,
  topReferrers: tallies,
  topBrowsers: tallies,
  topOs: tallies,
  socialCount: tallies,
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const emptyStatistics: Statistics = {
  clicks: 0,
  uniqueClicks: 0,
  topCountries: [],
  topReferrers: [],
  topBrowsers: [],
  topOs: [],
  socialCount: [],
};

/** Missing statistics (an older or thinner service) read as empty rather than as an error. */
export const optionalStatistics = z
  .union([statisticsSchema, z.array(z.never()), z.literal(0)])
  .nullish()
  .transform((v) => (v && !Array.isArray(v) && typeof v === 'object' ? v : emptyStatistics));
