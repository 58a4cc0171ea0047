import type { QrContent, QrType } from '@/lib/api/inputs/qr';
import type { FieldErrors } from '@/lib/api/validate-input';

/**
 * What the create form holds while someone types: every field a string, one draft per QR type, so
 * switching the type and back loses nothing. `qrData` turns a draft into the API's `data`.
 */
export interface EmailDraft {
  email: string;
  subject: string;
  body: string;
}
export interface SmsDraft {
  phone: string;
  message: string;
}
export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;
export interface WifiDraft {
  ssid: string;
  password: string;
  encryption: (typeof WIFI_ENCRYPTIONS)[number];
}
export const VCARD_FIELDS = [
  'firstname',
  'lastname',
  'organization',
  'phone',
  'email',
  'site',
  'street',
  'city',
  'state',
  'zip',
  'country',
] as const;
export type VcardDraft = Record<(typeof VCARD_FIELDS)[number], string>;

export interface Drafts {
  text: string;
  link: string;
  phone: string;
  email: EmailDraft;
  sms: SmsDraft;
  wifi: WifiDraft;
  vcard: VcardDraft;
}

export const EMPTY_DRAFTS: Drafts = {
  text: '',
  link: '',
  phone: '',
  email: { email: '', subject: '', body: '' },
  sms: { phone: '', message: '' },
  // WPA is what nearly every network uses today.
  wifi: { ssid: '', password: '', encryption: 'WPA' },
  vcard: Object.fromEntries(VCARD_FIELDS.map((f) => [f, ''])) as VcardDraft,
};

/** Props of every per-type field group: its draft, a setter, and the messages keyed by path ("data.ssid"). */
export interface DraftFieldsProps<D> {
  draft: D;
  onChange: (next: D) => void;
  errors: FieldErrors;
}

/**
 * The draft of a type as the API's `data`. Empty optional fields are left out rather than sent as
 * "" (the schemas would check "" against e.g. the e-mail format); required ones stay, even empty, so
 * their own message ("Enter the network name") is shown rather than a generic "missing". An open
 * network sends no password.
 */
export function qrData(type: QrType, drafts: Drafts): unknown {
  switch (type) {
    case 'text':
    case 'link':
    case 'phone':
      return drafts[type];
    case 'email': {
      const { email, ...optional } = drafts.email;
      return { email, ...filled(optional) };
    }
    case 'sms': {
      const { phone, ...optional } = drafts.sms;
      return { phone, ...filled(optional) };
    }
    case 'wifi': {
      const { ssid, encryption, password } = drafts.wifi;
      // A password is kept as typed, spaces included: they are part of it.
      return { ssid, encryption, ...(encryption === 'nopass' || password === '' ? {} : { password }) };
    }
    case 'vcard':
      return filled(drafts.vcard);
  }
}

function filled(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));
}

/**
 * The drafts a form opens with to change what a code holds: its own type's draft filled with what
 * it holds now, every other type's empty (the inverse of `qrData`). Nothing known, all empty.
 */
export function draftsOf(content: QrContent | null): Drafts {
  if (!content) return EMPTY_DRAFTS;
  switch (content.type) {
    case 'text':
    case 'link':
    case 'phone':
      return { ...EMPTY_DRAFTS, [content.type]: content.data };
    case 'email':
      return { ...EMPTY_DRAFTS, email: strings(EMPTY_DRAFTS.email, content.data) };
    case 'sms':
      return { ...EMPTY_DRAFTS, sms: strings(EMPTY_DRAFTS.sms, content.data) };
    case 'wifi':
      return {
        ...EMPTY_DRAFTS,
        wifi: { ...strings(EMPTY_DRAFTS.wifi, content.data), encryption: content.data.encryption ?? 'WPA' },
      };
    case 'vcard':
      return { ...EMPTY_DRAFTS, vcard: strings(EMPTY_DRAFTS.vcard, content.data) };
  }
}

/** `empty`'s fields, each set to what `data` has for it: a field left out of the data stays ''. */
function strings<D extends object>(empty: D, data: object): D {
  const given = data as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(empty).map(([k, v]) => [k, typeof given[k] === 'string' ? given[k] : v]),
  ) as D;
}
