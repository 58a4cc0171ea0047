import { z } from 'zod';
import { words } from '../../words';
import { limitedText, rgbColorInput, webUrlInput } from './formats';

/**
 * The structure of QR `data` per type is not specified; this is the form the client and the
 * local server agree on. Text-like types carry a string, structured types an object.
 */
export const QR_TYPES = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'] as const;
export type QrType = (typeof QR_TYPES)[number];

export const phoneInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const digits = value.replace(/\D/g, '').length;
    if (!/^\+?[0-9 ().-]+$/.test(value) || digits < 3 || digits > 20) {
      ctx.addIssue({ code: 'custom', message: words('input.phone') });
    }
  });
const emailInput = z.email(words('input.email')).max(254, words('input.email'));

export const qrDataSchemas = {
  text: z
    .string()
    .trim()
    .min(1, words('input.qr.text'))
    .max(2000, words('input.tooLong.qrText', { max: 2000 })),
  link: webUrlInput,
  phone: phoneInput,
  email: z.object({
    email: emailInput,
    subject: limitedText('input.tooLong.emailSubject', 200).optional(),
    body: limitedText('input.tooLong.emailBody', 1000).optional(),
  }),
  sms: z.object({ phone: phoneInput, message: limitedText('input.tooLong.smsMessage', 500).optional() }),
  wifi: z
    .object({
      ssid: z
        .string()
        .min(1, words('input.qr.ssid'))
        .max(32, words('input.tooLong.ssid', { max: 32 })),
      password: limitedText('input.tooLong.wifiPassword', 63).optional(),
      encryption: z.enum(['WPA', 'WEP', 'nopass'], { error: words('input.qr.encryption') }).optional(),
    })
    .refine((v) => v.encryption === 'nopass' || (v.password ?? '') !== '', {
      message: words('input.qr.wifiPassword'),
      path: ['password'],
    }),
  vcard: z
    .object({
      firstname: limitedText('input.tooLong.firstName', 100).optional(),
      lastname: limitedText('input.tooLong.lastName', 100).optional(),
      organization: limitedText('input.tooLong.organisation', 200).optional(),
      phone: phoneInput.optional(),
      email: emailInput.optional(),
      site: webUrlInput.optional(),
      street: limitedText('input.tooLong.street', 200).optional(),
      city: limitedText('input.tooLong.city', 100).optional(),
      state: limitedText('input.tooLong.state', 100).optional(),
      zip: limitedText('input.tooLong.postcode', 20).optional(),
      country: limitedText('input.tooLong.country', 100).optional(),
    })
    .refine((v) => Boolean(v.firstname?.trim() || v.lastname?.trim()), {
      message: words('input.qr.name'),
      path: ['firstname'],
    }),
} as const;

const logoInput = z
  .string()
  .trim()
  .max(2048, words('input.atMost', { max: 2048 }))
  .refine((v) => /\.(png|jpe?g)(\?.*)?$/i.test(v) && (/^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v)), {
    message: words('input.qr.logo'),
  });

const common = {
  background: rgbColorInput.optional(),
  foreground: rgbColorInput.optional(),
  logo: logoInput.optional(),
  name: limitedText('input.tooLong.qrName', 100).optional(),
};

const qrOf = <K extends QrType>(type: K) => z.object({ type: z.literal(type), data: qrDataSchemas[type], ...common });

export const createQrInput = z.discriminatedUnion(
  'type',
  [qrOf('text'), qrOf('vcard'), qrOf('link'), qrOf('email'), qrOf('phone'), qrOf('sms'), qrOf('wifi')],
  { error: words('input.qr.type', { types: QR_TYPES.join(', ') }) },
);
/** What a code holds, apart from its look: a type with its data (what a re-point replaces). */
export type QrContent = { [K in QrType]: { type: K; data: z.input<(typeof qrDataSchemas)[K]> } }[QrType];
export type CreateQrInput = QrContent & {
  background?: string;
  foreground?: string;
  logo?: string;
  name?: string;
};

/**
 * A QR code's edit (PUT /api/qr/{id}/update): the fields that changed. Its look alone, or with what
 * it holds: a type with its data, checked together as `qr/add` checks them, so a re-pointed code is
 * held to the create form's rules. Data never goes without its type here; the client leaves the
 * type out of the request when it is the code's own (lib/api/client.ts).
 */
export const updateQrInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.undefined().optional(),
      data: z.undefined({ error: words('input.qr.type', { types: QR_TYPES.join(', ') }) }).optional(),
      ...common,
    }),
    qrOf('text'),
    qrOf('vcard'),
    qrOf('link'),
    qrOf('email'),
    qrOf('phone'),
    qrOf('sms'),
    qrOf('wifi'),
  ],
  { error: words('input.qr.type', { types: QR_TYPES.join(', ') }) },
);
export type UpdateQrInput = z.input<typeof updateQrInput>;
