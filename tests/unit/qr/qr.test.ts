import { describe, expect, it } from 'vitest';
import { qrPayload } from '@/lib/qr/payload';
import { colorToHex, poorContrast, qrPngDataUrl, qrSvg } from '@/lib/qr/render';

describe('QR payloads per type', () => {
  it.each([
    [{ type: 'text', data: 'Hello' }, 'Hello'],
    [{ type: 'link', data: 'https://example.com/x' }, 'https://example.com/x'],
    [{ type: 'phone', data: '+49 (30) 123-45' }, 'tel:+493012345'],
    [{ type: 'email', data: { email: 'a@b.test', subject: 'Hi there' } }, 'mailto:a@b.test?subject=Hi%20there'],
    [{ type: 'sms', data: { phone: '+1 555 0100', message: 'Yes' } }, 'SMSTO:+15550100:Yes'],
    [
      { type: 'wifi', data: { ssid: 'Cafe;Net', password: 'p:w', encryption: 'WPA' } },
      'WIFI:T:WPA;S:Cafe\\;Net;P:p\\:w;;',
    ],
    [{ type: 'wifi', data: { ssid: 'Open', encryption: 'nopass' } }, 'WIFI:T:nopass;S:Open;;'],
  ] as const)('%j', (input, expected) => {
    expect(qrPayload(input as never)).toBe(expected);
  });

  it('vCard carries the name, organisation and contact lines', () => {
    const card = qrPayload({
      type: 'vcard',
      data: {
        firstname: 'Ada',
        lastname: 'Lovelace',
        organization: 'Engines, Ltd',
        phone: '+44 20 1234',
        email: 'ada@x.test',
      },
    });
    expect(card.split('\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lovelace;Ada;;;',
      'FN:Ada Lovelace',
      'ORG:Engines\\, Ltd',
      'TEL:+44201234',
      'EMAIL:ada@x.test',
      'END:VCARD',
    ]);
  });
});

describe('offline rendering', () => {
  it('draws an SVG in the chosen colours and a PNG data URL', async () => {
    const svg = await qrSvg('https://s.test/abc', { foreground: 'rgb(10,20,30)', background: '#fafafa' });
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('#0a141e');
    expect(svg).toContain('#fafafa');
    const png = await qrPngDataUrl('https://s.test/abc', { size: 128 });
    expect(png).toMatch(/^data:image\/png;base64,/);
  });

  it('reads rgb() and hex colours, falls back on garbage, and flags unreadable contrast', () => {
    expect(colorToHex('rgb(255, 0, 16)', '#000000')).toBe('#ff0010');
    expect(colorToHex('rgb(300,0,0)', '#000000')).toBe('#000000');
    expect(colorToHex('red', '#ffffff')).toBe('#ffffff');
    expect(poorContrast({ foreground: '#eeeeee', background: '#ffffff' })).toBe(true);
    expect(poorContrast({ foreground: '#000000', background: '#ffffff' })).toBe(false);
  });
});
