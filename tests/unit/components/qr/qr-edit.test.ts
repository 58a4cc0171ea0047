import { describe, expect, it } from 'vitest';
import { lookOf, qrEditOf } from '@/components/qr/qr-edit';
import { updateQrInput } from '@/lib/api/inputs/qr';
import { fieldErrors } from '@/lib/api/validate-input';
import type { QrRow } from '@/lib/db/schema';

const row = (input: QrRow['input']): QrRow => ({
  key: 'l1',
  id: 4,
  sync: 'synced',
  pulledAt: 0,
  link: 'https://s.test/qr/4',
  scans: 12,
  name: 'Menu card',
  date: '2026-11-01 10:00:00',
  input,
});

describe("a QR code's edit form", () => {
  it('opens with what the mirror knows: a code made here its colours and logo, one made elsewhere its name, colours unknown', () => {
    const made = row({
      type: 'link',
      data: 'https://example.com',
      foreground: 'rgb(17,34,51)',
      background: 'rgb(255,255,255)',
      logo: 'https://example.com/logo.png',
    });
    expect(lookOf(made)).toEqual({
      name: 'Menu card',
      foreground: '#112233',
      background: '#ffffff',
      logo: 'https://example.com/logo.png',
    });
    expect(lookOf(row(null))).toEqual({ name: 'Menu card', foreground: '', background: '', logo: '' });
  });

  it('sends only what changed, colours as the create form sends them; an emptied logo is not sent', () => {
    const opened = lookOf(row(null));
    expect(qrEditOf(opened, opened)).toEqual({});
    expect(qrEditOf(opened, { ...opened, name: ' Lunch menu ', foreground: '#ff0000' })).toEqual({
      name: 'Lunch menu',
      foreground: 'rgb(255,0,0)',
    });
    // An unknown colour picked: only that one is sent, the other stays as the service has it.
    expect(qrEditOf(opened, { ...opened, background: '#ffffff' })).toEqual({ background: 'rgb(255,255,255)' });
    const withLogo = { ...opened, logo: 'https://example.com/a.png' };
    expect(qrEditOf(withLogo, { ...withLogo, logo: '' })).toEqual({});
  });

  it('is checked as a new code is: a logo that is no image, a name too long', () => {
    const opened = lookOf(row(null));
    const parsed = updateQrInput.safeParse(qrEditOf(opened, { ...opened, name: 'x'.repeat(101), logo: 'logo.gif' }));
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      name: 'input.tooLong.qrName {"max":100}',
      logo: 'input.qr.logo',
    });
  });
});
