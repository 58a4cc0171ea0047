import { describe, expect, it } from 'vitest';
import { destinationLines, destinationUrl } from '@/components/qr/qr-destination';
import { draftsOf, qrData } from '@/components/qr/qr-drafts';
import { lookOf } from '@/components/qr/qr-edit';
import { contentOf, holdsAlready, repointOf } from '@/components/qr/qr-repoint';
import { type QrContent, updateQrInput } from '@/lib/api/inputs/qr';
import type { QrRow } from '@/lib/db/schema';

const long = `https://example.com/${'menu/'.repeat(60)}today?lang=en&table=12`;

describe('where a QR code leads, as its details show it', () => {
  it('a link: the whole address, never cut, and it is what a short link of the mirror may share', () => {
    const content: QrContent = { type: 'link', data: long };
    expect(destinationLines(content)).toEqual([{ label: 'qr.single.link', value: long, as: 'url' }]);
    expect(destinationUrl(content)).toBe(long);
    expect(destinationUrl({ type: 'text', data: long })).toBeNull();
  });

  it('text, a phone number, an e-mail and a text message, each field as typed and only those given', () => {
    expect(destinationLines({ type: 'text', data: 'Open 9–17.\nClosed on Sundays.' })).toEqual([
      { label: 'qr.single.text', value: 'Open 9–17.\nClosed on Sundays.', as: 'text' },
    ]);
    expect(destinationLines({ type: 'phone', data: '+49 30 1234567' })).toEqual([
      { label: 'qr.single.phone', value: '+49 30 1234567', as: 'phone' },
    ]);
    expect(destinationLines({ type: 'email', data: { email: 'hello@example.com', body: 'Table 12' } })).toEqual([
      { label: 'qrEmailFields.eMailAddress', value: 'hello@example.com', as: 'email' },
      { label: 'qrEmailFields.message', value: 'Table 12', as: 'text' },
    ]);
    expect(destinationLines({ type: 'sms', data: { phone: '+1 555 0100' } })).toEqual([
      { label: 'qrSmsFields.phoneNumber', value: '+1 555 0100', as: 'phone' },
    ]);
  });

  it('a Wi-Fi network: its name and encryption, its password only as a secret line', () => {
    const lines = destinationLines({ type: 'wifi', data: { ssid: 'Cafe', password: 'espresso1', encryption: 'WPA' } });
    expect(lines).toEqual([
      { label: 'qrWifiFields.networkNameSsid', value: 'Cafe', as: 'text' },
      { label: 'qrWifiFields.encryption', value: 'qr.encryption.WPA', as: 'words' },
      { label: 'qrWifiFields.wiFiPassword', value: 'espresso1', as: 'secret' },
    ]);
    expect(lines.filter((l) => l.value === 'espresso1' && l.as !== 'secret')).toEqual([]);
    expect(destinationLines({ type: 'wifi', data: { ssid: 'Guests', encryption: 'nopass' } })).toHaveLength(2);
  });

  it('a contact card, summed up: the name, then how to reach them and where', () => {
    expect(
      destinationLines({
        type: 'vcard',
        data: {
          firstname: 'Ada',
          lastname: 'Lovelace',
          email: 'ada@example.com',
          street: '12 St James’s Square',
          zip: 'SW1Y 4JH',
          city: 'London',
          country: 'United Kingdom',
        },
      }),
    ).toEqual([
      { label: 'qrDestination.contactName', value: 'Ada Lovelace', as: 'text' },
      { label: 'qr.vcard.email', value: 'ada@example.com', as: 'email' },
      {
        label: 'qrDestination.contactAddress',
        value: '12 St James’s Square, SW1Y 4JH London, United Kingdom',
        as: 'text',
      },
    ]);
  });
});

describe('"Change where it leads"', () => {
  const contents: QrContent[] = [
    { type: 'text', data: 'Hello' },
    { type: 'link', data: 'https://example.com/a' },
    { type: 'phone', data: '+49 30 1234567' },
    { type: 'email', data: { email: 'a@example.com', subject: 'Hi' } },
    { type: 'sms', data: { phone: '+1 555 0100', message: 'Yes' } },
    { type: 'wifi', data: { ssid: 'Cafe', password: 'espresso1', encryption: 'WPA' } },
    { type: 'vcard', data: { firstname: 'Ada', organization: 'Engines' } },
  ];

  it.each(contents)('opens with what the code holds, in the create form’s fields: $type', (content) => {
    const drafts = draftsOf(content);
    expect(qrData(content.type, drafts)).toEqual(content.data);
    const sent = updateQrInput.parse(repointOf(content.type, drafts));
    expect(sent).toEqual(content);
    expect(holdsAlready(content, sent as QrContent)).toBe(true);
  });

  it('sends the type with the data, checked as that type’s; a change of type or data is a change', () => {
    const known: QrContent = { type: 'email', data: { email: 'a@example.com', subject: 'Hi' } };
    const drafts = draftsOf(known);
    expect(repointOf('email', { ...drafts, email: { ...drafts.email, subject: 'Hello' } })).toEqual({
      type: 'email',
      data: { email: 'a@example.com', subject: 'Hello' },
    });
    expect(holdsAlready(known, { type: 'email', data: { subject: 'Hi', email: 'a@example.com' } })).toBe(true);
    expect(holdsAlready(known, { type: 'text', data: 'a@example.com' })).toBe(false);
    // Nothing known: every change is one, and the form opens empty.
    expect(holdsAlready(null, known)).toBe(false);
    expect(draftsOf(null).link).toBe('');
    const bad = updateQrInput.safeParse(repointOf('link', { ...draftsOf(null), link: 'example.com' }));
    expect(bad.success).toBe(false);
  });

  it('a code made elsewhere and re-pointed here: what it holds is known, its colours still are not', () => {
    const row: QrRow = {
      key: 'q1',
      id: 1,
      sync: 'synced',
      pulledAt: 0,
      link: 'https://s.test/qr/abc',
      scans: 4,
      name: 'Menu',
      date: '2026-11-01 10:00:00',
      input: { type: 'link', data: 'https://example.com/new' },
    };
    expect(contentOf(row.input)).toEqual({ type: 'link', data: 'https://example.com/new' });
    expect(lookOf(row)).toEqual({ name: 'Menu', foreground: '', background: '', logo: '' });
    expect(contentOf(null)).toBeNull();
  });
});
