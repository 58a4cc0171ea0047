import { type MessageKey, words } from '../words';
import type { SerializedApiError } from './errors';

/**
 * The service's refusals in the person's language. The service writes a refused field as
 * "field: what is wrong" ("custom: alias is already taken"); each refusal it is known to give is a
 * catalogue message here, at its field. What is not known here is kept in the service's own words,
 * marked as theirs, so nothing it said is lost or passed off as ours.
 */
interface KnownRefusal {
  field: string;
  says: RegExp;
  message: MessageKey;
}

const KNOWN: KnownRefusal[] = [
  { field: 'custom', says: /already taken/i, message: 'refusal.aliasTaken' },
  { field: 'custom', says: /reserved/i, message: 'refusal.aliasReserved' },
  { field: 'custom', says: /no free alias/i, message: 'refusal.noFreeAlias' },
  { field: 'slug', says: /already taken/i, message: 'refusal.slugTaken' },
  { field: 'name', says: /already has a campaign/i, message: 'refusal.campaignNameUsed' },
  { field: 'domain', says: /already registered/i, message: 'refusal.domainRegistered' },
  { field: 'domain', says: /not one of your branded domains/i, message: 'refusal.domainNotYours' },
  { field: 'domain', says: /name of this service/i, message: 'refusal.domainIsService' },
  { field: 'email', says: /already used/i, message: 'refusal.emailUsed' },
  { field: 'expiry', says: /future/i, message: 'input.link.expiryPast' },
  { field: 'data', says: /point back/i, message: 'qrDestination.pointsBack' },
];

/** "color: must be a HEX colour" → "color", the field a form shows the refusal at. */
export function fieldOfMessage(message: string | null): string | null {
  const m = message ? /^([A-Za-z][\w.[\]]{0,60}):\s/.exec(message) : null;
  return m ? m[1]! : null;
}

/** A refusal the service wrote, as a catalogue message at the field it names (null: the form as a whole). */
export function refusalInWords(serverMessage: string): { field: string | null; message: string } {
  const field = fieldOfMessage(serverMessage);
  const says = field ? serverMessage.slice(field.length + 1).trim() : serverMessage;
  const known = KNOWN.find((k) => k.field === field && k.says.test(says));
  return { field, message: known ? words(known.message) : words('refusal.serviceSays', { text: says }) };
}

/**
 * A stored refusal in words: one kept by an earlier version holds the service's English as its
 * message, and reads in the person's language once mapped here.
 */
export function storedRefusal(error: SerializedApiError): SerializedApiError {
  const { kind, message, serverMessage } = error;
  return kind === 'validation' && serverMessage !== null && message === serverMessage
    ? { ...error, ...refusalInWords(serverMessage) }
    : error;
}
