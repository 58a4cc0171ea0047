import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { fieldOfMessage, refusalInWords, storedRefusal } from '@/lib/api/refusals';
import { readWords } from '@/lib/words';

describe("the service's refusals, at their field and in the person's words", () => {
  it.each([
    ['custom: alias is already taken', 'custom', 'refusal.aliasTaken'],
    ['custom: is reserved', 'custom', 'refusal.aliasReserved'],
    ['custom: no free alias could be found; choose one', 'custom', 'refusal.noFreeAlias'],
    ['slug: is already taken', 'slug', 'refusal.slugTaken'],
    ['name: the account already has a campaign with this name', 'name', 'refusal.campaignNameUsed'],
    ['domain: is already registered', 'domain', 'refusal.domainRegistered'],
    ['domain: is not one of your branded domains', 'domain', 'refusal.domainNotYours'],
    ['domain: is a name of this service itself', 'domain', 'refusal.domainIsService'],
    ['email: is already used by another account', 'email', 'refusal.emailUsed'],
    ['expiry: must lie in the future', 'expiry', 'input.link.expiryPast'],
  ])('"%s" is a catalogue message at %s', (said, field, key) => {
    expect(refusalInWords(said)).toEqual({ field, message: key });
  });

  it.each([
    ['That alias is taken. Please choose another one.', ['url', 'custom'], 'custom', 'refusal.aliasTaken'],
    ['This alias already exists', ['url', 'custom', 'domain'], 'custom', 'refusal.aliasTaken'],
    ['The alias "admin" is reserved', ['url', 'custom'], 'custom', 'refusal.aliasReserved'],
    ['Invalid URL', ['url'], 'url', 'input.url.unreadable'],
    ['The destination must not point back at this service', ['url', 'custom'], 'url', 'refusal.urlPointsBack'],
    ['The destination must not point back at this service', ['type', 'data'], 'data', 'qrDestination.pointsBack'],
    ['Domain not found', ['url', 'domain'], 'domain', 'refusal.domainNotYours'],
  ])('a sentence that names no field, "%s", is read at the field it is about', (said, sent, field, key) => {
    expect(refusalInWords(said, sent)).toEqual({ field, message: key });
  });

  it('a sentence about a field that was not sent is not put at that field, where no form would show it', () => {
    const refusal = refusalInWords('That alias is taken', ['url']);
    expect(refusal.field).toBeNull();
    expect(readWords(refusal.message)?.key).toBe('refusal.serviceSays');
  });

  it('the url refused as pointing back, as the local service writes it, is in words at the long URL', () => {
    expect(refusalInWords('url: must not point back at this service')).toEqual({
      field: 'url',
      message: 'refusal.urlPointsBack',
    });
  });

  it("a refusal it does not know keeps the service's words, marked as theirs, at the field it names", () => {
    const refusal = refusalInWords('color: must be a HEX colour');
    expect(refusal.field).toBe('color');
    expect(readWords(refusal.message)).toEqual({
      key: 'refusal.serviceSays',
      values: { text: 'must be a HEX colour' },
    });
  });

  it('a refusal that names no field is for the form as a whole, whole as the service wrote it', () => {
    const refusal = refusalInWords('Nope, not today');
    expect(refusal.field).toBeNull();
    expect(readWords(refusal.message)?.values).toEqual({ text: 'Nope, not today' });
  });

  it('the same words from another field are not taken for that field’s refusal', () => {
    // "already taken" under `custom` is the alias; under `type` it is something the catalogue does not know.
    expect(readWords(refusalInWords('type: already taken').message)?.key).toBe('refusal.serviceSays');
  });

  it('a field is a name before ": " at the start, nothing else', () => {
    expect(fieldOfMessage('geotarget.0.link: must be a URL')).toBe('geotarget.0.link');
    expect(fieldOfMessage('Too bad: no field here')).toBeNull();
    expect(fieldOfMessage('custom:no space')).toBeNull();
    expect(fieldOfMessage(null)).toBeNull();
  });

  it('a refusal stored by an earlier version, the service’s English as its message, reads in words', () => {
    const said = 'custom: alias is already taken';
    const old = new ApiError({ kind: 'validation', field: 'custom', message: said, serverMessage: said }).toJSON();
    expect(storedRefusal(old)).toMatchObject({ field: 'custom', message: 'refusal.aliasTaken', serverMessage: said });
    // Anything else is left as it is.
    const busy = new ApiError({
      kind: 'rate-limited',
      message: 'service.tooMany {"seconds":3}',
      serverMessage: 'slow',
    });
    expect(storedRefusal(busy.toJSON())).toEqual(busy.toJSON());
  });
});
