import type { QrType } from '@/lib/api/inputs/qr';
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
