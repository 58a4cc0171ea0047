import { z } from 'zod';
import { aliasInput, datetimeInput, limitedText, serverId, webUrlInput, webUrlProblem } from './formats';

/** direct | frame | splash, a custom splash page id ("12"), or a CTA overlay ("overlay-3"). */
export const redirectTypeInput = z
  .string()
  .trim()
  .regex(
    /^(direct|frame|splash|\d{1,10}|overlay-\d{1,10})$/,
    'The redirect type is direct, frame, splash, a splash page or a CTA overlay.',
  );

const target = <K extends string>(key: K, keyInput: z.ZodType<string>) =>
  z
    .array(
      z.object({ [key]: keyInput, link: webUrlInput } as { [P in K]: z.ZodType<string> } & {
        link: typeof webUrlInput;
      }),
    )
    .max(100);

const imageUrlInput = webUrlInput.refine(
  (v) => /\.(png|jpe?g)(\?.*)?$/i.test(v),
  'The image must be a .png or .jpg URL.',
);

/** App-store links, one URL per store key (apple, google, …), plus `auto` to derive them from the long URL. */
const deeplinkInput = z
  .record(
    z.string().regex(/^[A-Za-z][\w-]{0,30}$/, 'A store key is a short word like apple or google.'),
    z.union([z.boolean(), z.string()]),
  )
  .superRefine((links, ctx) => {
    for (const [store, value] of Object.entries(links)) {
      if (store === 'auto') {
        if (typeof value !== 'boolean')
          ctx.addIssue({ code: 'custom', path: [store], message: 'auto is true or false.' });
        continue;
      }
      const problem = typeof value === 'string' ? webUrlProblem(value.trim()) : 'Enter the app-store URL.';
      if (problem) ctx.addIssue({ code: 'custom', path: [store], message: problem });
    }
  });

export const linkStatus = z.enum(['public', 'private'], { error: 'The status is public or private.' });

export const createLinkInput = z.object({
  url: webUrlInput,
  custom: aliasInput.optional(),
  type: redirectTypeInput.optional(),
  password: z.string().min(1).max(200, 'A password can be at most 200 characters long.').optional(),
  domain: webUrlInput.optional(),
  expiry: datetimeInput.optional(),
  geotarget: target('location', z.string().trim().min(1, 'Enter a country.').max(100)).optional(),
  devicetarget: target('device', z.string().trim().min(1, 'Enter a device.').max(100)).optional(),
  languagetarget: target(
    'language',
    z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z]{2})?$/, 'Use a language code like en or pt-BR.'),
  ).optional(),
  parameters: z
    .array(z.object({ name: z.string().trim().min(1, 'Enter a parameter name.').max(100), value: z.string().max(500) }))
    .max(50)
    .optional(),
  metatitle: limitedText('The meta title', 500).optional(),
  metadescription: limitedText('The meta description', 500).optional(),
  metaimage: imageUrlInput.optional(),
  description: limitedText('The description', 500).optional(),
  pixels: z.array(serverId).max(50).optional(),
  channel: serverId.optional(),
  campaign: serverId.optional(),
  deeplink: deeplinkInput.optional(),
  status: linkStatus.optional(),
});
export type CreateLinkInput = z.input<typeof createLinkInput>;

/** Checks that an expiry lies in the future by the given clock. */
export function expiryProblem(expiry: string | undefined, now: Date): string | null {
  if (!expiry) return null;
  return Date.parse(`${expiry.replace(' ', 'T')}Z`) <= now.getTime() ? 'The expiry must lie in the future.' : null;
}
