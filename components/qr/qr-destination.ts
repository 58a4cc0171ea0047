import type { QrContent } from '@/lib/api/inputs/qr';

/** The labels a destination's lines take: the create form's own, and a contact card's summary. */
type LineLabel =
  | 'qr.single.link'
  | 'qr.single.text'
  | 'qr.single.phone'
  | 'qrEmailFields.eMailAddress'
  | 'qrEmailFields.subject'
  | 'qrEmailFields.message'
  | 'qrSmsFields.phoneNumber'
  | 'qrWifiFields.networkNameSsid'
  | 'qrWifiFields.encryption'
  | 'qrWifiFields.wiFiPassword'
  | 'qr.vcard.organization'
  | 'qr.vcard.phone'
  | 'qr.vcard.email'
  | 'qr.vcard.site'
  | 'qrDestination.contactName'
  | 'qrDestination.contactAddress';

/**
 * One line of what a code holds, as its details show it. `as` says how the value is shown: an
 * address to open (`url`), one to write to or call (`email`, `phone`, isolated left to right in every
 * language), text as typed (`text`, kept whole and wrapped), a catalogue message (`words`), or a
 * secret that stays hidden until asked for (`secret`).
 */
export type DestinationLine =
  | { label: LineLabel; value: string; as: 'url' | 'email' | 'phone' | 'text' | 'secret' }
  | { label: LineLabel; value: `qr.encryption.${'WPA' | 'WEP' | 'nopass'}`; as: 'words' };

const line = (
  label: LineLabel,
  value: string | undefined,
  as: 'url' | 'email' | 'phone' | 'text' | 'secret',
): DestinationLine[] => (value?.trim() ? [{ label, value, as }] : []);

/**
 * Where a code leads, by its type, in full: nothing is cut, so a person can check every letter of
 * what a scan opens. A contact card is summed up (its name, then how to reach them); a Wi-Fi
 * password is a secret line, never a plain one.
 */
export function destinationLines(content: QrContent): DestinationLine[] {
  switch (content.type) {
    case 'link':
      return line('qr.single.link', content.data, 'url');
    case 'text':
      return line('qr.single.text', content.data, 'text');
    case 'phone':
      return line('qr.single.phone', content.data, 'phone');
    case 'email':
      return [
        ...line('qrEmailFields.eMailAddress', content.data.email, 'email'),
        ...line('qrEmailFields.subject', content.data.subject, 'text'),
        ...line('qrEmailFields.message', content.data.body, 'text'),
      ];
    case 'sms':
      return [
        ...line('qrSmsFields.phoneNumber', content.data.phone, 'phone'),
        ...line('qrEmailFields.message', content.data.message, 'text'),
      ];
    case 'wifi': {
      const { ssid, password, encryption = 'WPA' } = content.data;
      return [
        ...line('qrWifiFields.networkNameSsid', ssid, 'text'),
        { label: 'qrWifiFields.encryption', value: `qr.encryption.${encryption}` as const, as: 'words' as const },
        ...(encryption === 'nopass' ? [] : line('qrWifiFields.wiFiPassword', password, 'secret')),
      ];
    }
    case 'vcard': {
      const d = content.data;
      const name = [d.firstname, d.lastname].map((part) => part?.trim()).filter(Boolean);
      const place = [
        d.street,
        [d.zip, d.city]
          .map((p) => p?.trim())
          .filter(Boolean)
          .join(' '),
        d.state,
        d.country,
      ]
        .map((part) => part?.trim())
        .filter(Boolean);
      return [
        ...line('qrDestination.contactName', name.join(' '), 'text'),
        ...line('qr.vcard.organization', d.organization, 'text'),
        ...line('qr.vcard.phone', d.phone, 'phone'),
        ...line('qr.vcard.email', d.email, 'email'),
        ...line('qr.vcard.site', d.site, 'url'),
        ...line('qrDestination.contactAddress', place.join(', '), 'text'),
      ];
    }
  }
}

/** The link a code leads to, when it leads to one: what a short link of the mirror may also lead to. */
export const destinationUrl = (content: QrContent | null): string | null =>
  content?.type === 'link' ? content.data.trim() : null;
