import { z } from 'zod';

/** The five UTM parameters analytics tools read, in the order people fill them in. */
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

// Control and invisible format characters would end up percent-encoded in the link, unseen.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

// Messages are catalogue keys (utm.problem.*): the form says them in the interface's language.
const utmValue = z
  .string()
  .trim()
  .max(200, 'utm.problem.tooLong')
  .refine((v) => !INVISIBLE.test(v), 'utm.problem.invisible');

/** The UTM values of a form: each optional, trimmed; empty ones dropped. */
export const utmInput = z
  .object(
    Object.fromEntries(UTM_FIELDS.map((f) => [f, utmValue.optional()])) as Record<
      UtmField,
      z.ZodOptional<typeof utmValue>
    >,
  )
  .transform((utm) => Object.fromEntries(Object.entries(utm).filter(([, v]) => v)) as Utm)
  .refine((utm) => Object.keys(utm).length === 0 || Boolean(utm.source), {
    message: 'utm.problem.needSource',
    path: ['source'],
  });

/** A saved set of UTM values under a name ("Newsletter"). */
export const utmPresetInput = z.object({
  name: z.string().trim().min(1, 'utm.problem.presetName').max(60, 'utm.problem.presetNameLong'),
  utm: utmInput.refine((utm) => Object.keys(utm).length > 0, {
    message: 'utm.problem.presetEmpty',
    path: ['source'],
  }),
});
export type UtmPreset = z.infer<typeof utmPresetInput>;

/**
 * The long URL with the UTM values set: parameters already in it are kept, in their order; a UTM
 * parameter it already has takes the new value. An address that is not a URL is returned as it is
 * (the link form names that problem itself).
 */
export function applyUtm(longUrl: string, utm: Utm): string {
  const entries = UTM_FIELDS.flatMap((f) => (utm[f] ? [[`utm_${f}`, utm[f]] as const] : []));
  if (entries.length === 0) return longUrl;
  let url: URL;
  try {
    url = new URL(longUrl);
  } catch {
    return longUrl;
  }
  for (const [name, value] of entries) url.searchParams.set(name, value);
  return url.toString();
}
