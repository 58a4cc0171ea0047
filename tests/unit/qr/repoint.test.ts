import { describe, expect, it } from 'vitest';
import { createQrInput, updateQrInput } from '@/lib/api/inputs/qr';
import { refusalInWords } from '@/lib/api/refusals';
import { fieldErrors } from '@/lib/api/validate-input';
import { REPOINT_TYPES, repointBlocked, repointRefusal } from '@/lib/qr/repoint';
import { apiFor, fakeService } from '../sync/fake-service';

describe("a QR code's edit input", () => {
  it('takes a look alone, or a type with its data, and checks the data as the create form does', () => {
    expect(updateQrInput.parse({ name: 'Menu' })).toEqual({ name: 'Menu' });
    expect(updateQrInput.parse({ type: 'link', data: ' https://example.com/new ' })).toEqual({
      type: 'link',
      data: 'https://example.com/new',
    });
    const bad = { type: 'link', data: 'example.com/menu' };
    const asEdit = updateQrInput.safeParse(bad);
    const asCreate = createQrInput.safeParse(bad);
    expect(fieldErrors(asEdit.error!)).toEqual(fieldErrors(asCreate.error!));
    expect(Object.keys(fieldErrors(asEdit.error!))).toEqual(['data']);
    const email = updateQrInput.safeParse({ type: 'email', data: { email: 'nope' } });
    expect(Object.keys(fieldErrors(email.error!))).toEqual(['data.email']);
  });

  it('never takes data without its type: which type it is would be a guess', () => {
    const parsed = updateQrInput.safeParse({ data: 'https://example.com/new' });
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.error!))).toEqual(['data']);
    expect(updateQrInput.safeParse({ type: 'text' }).success).toBe(false);
  });
});

describe('the request of an edit that re-points a code', () => {
  const service = () => fakeService(() => ({ body: { error: 0, id: 7, link: 'https://s.test/qr/abc' } }));

  it('leaves the type out when it is the code’s own (data alone is read as its own type)', async () => {
    const s = service();
    await apiFor(s).updateQrCode(7, { type: 'link', data: 'https://example.com/b' }, 'link');
    expect(s.requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/qr/7/update',
        body: { data: 'https://example.com/b' },
      }),
    ]);
  });

  it('sends the type with its data when it changes, or when the code’s own is not known here', async () => {
    const s = service();
    const api = apiFor(s);
    await api.updateQrCode(7, { type: 'text', data: 'Closed today' }, 'link');
    await api.updateQrCode(7, { type: 'link', data: 'https://example.com/c', name: 'Menu' });
    await api.updateQrCode(7, { name: 'Lunch' }, 'link');
    expect(s.requests.map((r) => r.body)).toEqual([
      { type: 'text', data: 'Closed today' },
      { type: 'link', data: 'https://example.com/c', name: 'Menu' },
      { name: 'Lunch' },
    ]);
  });
});

describe('which codes can be re-pointed', () => {
  it('every code that leads through the service’s address; a Wi-Fi code made here holds the network itself', () => {
    expect(repointBlocked({ input: null })).toBeNull();
    expect(repointBlocked({ input: { type: 'link', data: 'https://example.com' } })).toBeNull();
    const wifi = { input: { type: 'wifi' as const, data: { ssid: 'Cafe', encryption: 'nopass' as const } } };
    expect(repointBlocked(wifi)).toBe('qrDestination.wifiHoldsNetwork');
    expect(repointRefusal(wifi, 'link')).toEqual({ field: null, message: 'qrDestination.wifiHoldsNetwork' });
  });

  it('to any type but Wi-Fi: a phone joins a network only from the code itself', () => {
    expect(REPOINT_TYPES).toEqual(['text', 'vcard', 'link', 'email', 'phone', 'sms']);
    expect(repointRefusal({ input: null }, 'wifi')).toEqual({ field: 'type', message: 'qrDestination.noWifi' });
    expect(repointRefusal({ input: null }, 'vcard')).toBeNull();
  });

  it('a destination that leads back into the service is refused at its field, in the catalogue’s words', () => {
    expect(refusalInWords('data: must not point back at this service')).toEqual({
      field: 'data',
      message: 'qrDestination.pointsBack',
    });
  });
});
