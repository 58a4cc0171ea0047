import { z } from 'zod';
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
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a phone number: digits, optionally +, spaces, dashes or parentheses.',
      });
    }
  });
const emailInput = z.email('Enter a valid e-mail address.').max(254);

export const qrDataSchemas = {
  text: z
    .string()
    .trim()
    .min(1, 'Enter the text to encode.')
    .max(2000, 'The text can be at most 2000 characters long.'),
  link: webUrlInput,
  phone: phoneInput,
  email: z.object({
    email: emailInput,
    subject: limitedText('The subject', 200).optional(),
    body: limitedText('The message', 1000).optional(),
  }),
  sms: z.object({ phone: phoneInput, message: limitedText('The message', 500).optional() }),
  wifi: z
    .object({
      ssid: z.string().min(1, 'Enter the network name (SSID).').max(32, 'A network name has at most 32 characters.'),
      password: limitedText('The password', 63).optional(),
      encryption: z.enum(['WPA', 'WEP', 'nopass'], { error: 'Encryption is WPA, WEP or nopass.' }).optional(),
    })
    .refine((v) => v.encryption === 'nopass' || (v.password ?? '') !== '', {
      message: 'Enter the Wi-Fi password, or choose no encryption.',
      path: ['password'],
    }),
  vcard: z
    .object({
      firstname: limitedText('The first name', 100).optional(),
      lastname: limitedText('The last name', 100).optional(),
      organization: limitedText('The organisation', 200).optional(),
      phone: phoneInput.optional(),
      email: emailInput.optional(),
      site: webUrlInput.optional(),
      street: limitedText('The street', 200).optional(),
      city: limitedText('The city', 100).optional(),
      state: limitedText('The state', 100).optional(),
      zip: limitedText('The postcode', 20).optional(),
      country: limitedText('The country', 100).optional(),
    })
    .refine((v) => Boolean(v.firstname?.trim() || v.lastname?.trim()), {
      message: 'Enter a first or last name.',
      path: ['firstname'],
    }),
} as const;

const logoInput = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /\.(png|jpe?g)(\?.*)?$/i.test(v) && (/^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v)), {
    message: 'The logo is the path or http(s) URL of a .png or .jpg image.',
  });

const common = {
  background: rgbColorInput.optional(),
  foreground: rgbColorInput.optional(),
  logo: logoInput.optional(),
  name: limitedText('The name', 100).optional(),
};

const qrOf = <K extends QrType>(type: K) => z.object({ type: z.literal(type), data: qrDataSchemas[type], ...common });

export const createQrInput = z.discriminatedUnion(
  'type',
  [qrOf('text'), qrOf('vcard'), qrOf('link'), qrOf('email'), qrOf('phone'), qrOf('sms'), qrOf('wifi')],
  { error: `The QR type is one of ${QR_TYPES.join(', ')}.` },
);
export type CreateQrInput = { [K in QrType]: { type: K; data: z.input<(typeof qrDataSchemas)[K]> } }[QrType] & {
  background?: string;
  foreground?: string;
  logo?: string;
  name?: string;
};
