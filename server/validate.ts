import { z } from 'zod';
import { badRequest } from './http/errors';
import { line, paragraph, secretLine, withoutControls } from './text-rules';
import { parseDatetime } from './time';

export { line, paragraph };

/** Parses a request body; the first problem becomes a 400 whose message starts with the field. */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message);
}

const isHttpUrl = (v: string) => {
  if (/\s/.test(v) || !/^https?:\/\//i.test(v)) return false;
  try {
    return new URL(v).hostname.length > 0;
  } catch {
    return false;
  }
};

export const httpUrl = z
  .string({ error: 'is required and must be a string' })
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(...withoutControls)
  .refine(isHttpUrl, 'must be a valid http or https URL');
export const hexColor = z
  .string({ error: 'must be a string' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a HEX colour like #1a2b3c');
export const rgbColor = z.string({ error: 'must be a string' }).refine((v) => {
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(v);
  return m?.slice(1).every((n) => Number(n) <= 255);
}, 'must be a colour in the form rgb(r,g,b) with values 0-255');
export const datetimeField = z
  .string({ error: 'must be a string' })
  .refine((v) => parseDatetime(v) !== null, 'must be a date and time in the form YYYY-MM-DD HH:MM:SS');
export const bool = z.boolean({ error: 'must be true or false' });
export const positiveId = z
  .number({ error: 'must be an integer id' })
  .int('must be an integer id')
  .positive('must be an integer id');

const phone = z.string({ error: 'must be a string' }).refine((v) => {
  const digits = v.replace(/\D/g, '').length;
  return /^\+?[0-9 ().-]+$/.test(v.trim()) && digits >= 3 && digits <= 20;
}, 'must be a phone number');
export const email = z
  .string({ error: 'must be a string' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine(...withoutControls)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address');

/** The structure of QR `data` per type: the spec leaves it open; this is ours (see README). */
export const qrData = {
  text: paragraph(2000, { required: true }),
  link: httpUrl,
  phone,
  email: z.object(
    { email, subject: line(200).optional(), body: paragraph(1000).optional() },
    { error: 'must be an object {email, subject?, body?} for type email' },
  ),
  sms: z.object(
    { phone, message: paragraph(500).optional() },
    { error: 'must be an object {phone, message?} for type sms' },
  ),
  wifi: z
    .object(
      {
        ssid: line(32, { required: true }),
        password: secretLine(63).optional(),
        encryption: z.enum(['WPA', 'WEP', 'nopass'], { error: 'must be WPA, WEP or nopass' }).optional(),
      },
      { error: 'must be an object {ssid, password?, encryption?} for type wifi' },
    )
    .refine((w) => w.encryption === 'nopass' || Boolean(w.password), {
      message: 'is required unless encryption is nopass',
      path: ['password'],
    }),
  vcard: z
    .object(
      {
        firstname: line(100).optional(),
        lastname: line(100).optional(),
        organization: line(200).optional(),
        phone: phone.optional(),
        email: email.optional(),
        site: httpUrl.optional(),
        street: line(200).optional(),
        city: line(100).optional(),
        state: line(100).optional(),
        zip: line(20).optional(),
        country: line(100).optional(),
      },
      { error: 'must be an object of vCard fields for type vcard' },
    )
    .refine((v) => Boolean(v.firstname || v.lastname), { message: 'is required (or lastname)', path: ['firstname'] }),
} as const;
export type QrType = keyof typeof qrData;
export const QR_TYPES = Object.keys(qrData) as QrType[];
