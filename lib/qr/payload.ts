import type { CreateQrInput } from '../api/inputs/qr';

/**
 * The text a QR code encodes for each type, in the formats phone cameras understand: mailto:,
 * tel:, SMSTO:, the WIFI: scheme and vCard 3.0. Used to preview a code before it is saved, and
 * to show what a code created here contains.
 */
export function qrPayload(input: CreateQrInput): string {
  switch (input.type) {
    case 'text':
    case 'link':
      return input.data.trim();
    case 'phone':
      return `tel:${compactPhone(input.data)}`;
    case 'email': {
      const { email, subject, body } = input.data;
      const query = new URLSearchParams();
      if (subject) query.set('subject', subject);
      if (body) query.set('body', body);
      const q = query.toString().replace(/\+/g, '%20');
      return `mailto:${email}${q ? `?${q}` : ''}`;
    }
    case 'sms':
      return `SMSTO:${compactPhone(input.data.phone)}:${input.data.message ?? ''}`;
    case 'wifi': {
      const { ssid, password, encryption = 'WPA' } = input.data;
      const pass = encryption === 'nopass' ? '' : `P:${escapeWifi(password ?? '')};`;
      return `WIFI:T:${encryption};S:${escapeWifi(ssid)};${pass};`;
    }
    case 'vcard': {
      const d = input.data;
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:${vcardText(d.lastname)};${vcardText(d.firstname)};;;`,
        `FN:${vcardText([d.firstname, d.lastname].filter(Boolean).join(' '))}`,
      ];
      if (d.organization) lines.push(`ORG:${vcardText(d.organization)}`);
      if (d.phone) lines.push(`TEL:${compactPhone(d.phone)}`);
      if (d.email) lines.push(`EMAIL:${vcardText(d.email)}`);
      if (d.site) lines.push(`URL:${vcardText(d.site)}`);
      if (d.street || d.city || d.state || d.zip || d.country) {
        lines.push(`ADR:;;${[d.street, d.city, d.state, d.zip, d.country].map(vcardText).join(';')}`);
      }
      lines.push('END:VCARD');
      return lines.join('\n');
    }
  }
}

function compactPhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

/** The WIFI: scheme escapes \ ; , : and " with a backslash. */
function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

function vcardText(value: string | undefined): string {
  return (value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([;,])/g, '\\$1');
}

/**
 * What a saved code's image holds. The service's code points at its own scan-counting link, which
 * then shows or opens the content: that is how scans are counted. A Wi-Fi code is the exception,
 * by design: a phone joins a network only from the WIFI: text itself, never from a web page, so a
 * Wi-Fi code made here holds the network (and its scans are not counted). Null until there is
 * something to encode (a code from elsewhere not yet saved by the service).
 */
export function savedQrText(qr: { link: string; input: CreateQrInput | null }): string | null {
  if (qr.input?.type === 'wifi') return qrPayload(qr.input);
  return qr.link || null;
}

/** Whether scans of the code `savedQrText` gives are counted by the service. */
export const scansCounted = (qr: { input: CreateQrInput | null }) => qr.input?.type !== 'wifi';
