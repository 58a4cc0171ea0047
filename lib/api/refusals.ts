import { type MessageKey, words } from '../words';
import type { SerializedApiError } from './errors';

/**
 * The service's refusals in the person's language. The spec shows no message texts, so two ways of
 * writing a refusal are read: "field: what is wrong" ("custom: alias is already taken", as the local
 * service writes them) and a sentence that names its subject ("That alias is taken, choose
 * another"). Each refusal the service is known to give is a catalogue message here, at the field
 * of this client's form it is about. What is not known is kept in the service's own words, marked
 * as theirs, so nothing it said is lost or passed off as ours.
 */
interface KnownRefusal {
  /** The request's field it is about. */
  field: string;
  /** How a sentence without a field names that field's subject. */
  subject: RegExp;
  says: RegExp;
  message: MessageKey;
}

const ALIAS = /\balias\b|\bcustom\b|\bkeyword\b|\bslug\b/i;
const ADDRESS = /\burl\b|\baddress\b|\blink\b|\bdestination\b/i;
const TAKEN = /already taken|\btaken\b|already (exists|in use|used)|not available|unavailable/i;

const KNOWN: KnownRefusal[] = [
  { field: 'custom', subject: ALIAS, says: /reserved/i, message: 'refusal.aliasReserved' },
  { field: 'custom', subject: ALIAS, says: /no free alias/i, message: 'refusal.noFreeAlias' },
  { field: 'custom', subject: ALIAS, says: TAKEN, message: 'refusal.aliasTaken' },
  { field: 'slug', subject: /\bslug\b|\brotator\b/i, says: TAKEN, message: 'refusal.slugTaken' },
  {
    field: 'name',
    subject: /\bcampaign\b/i,
    says: /already has a campaign|already (exists|used)/i,
    message: 'refusal.campaignNameUsed',
  },
  { field: 'domain', subject: /\bdomain\b/i, says: /already registered/i, message: 'refusal.domainRegistered' },
  {
    field: 'domain',
    subject: /\bdomain\b/i,
    says: /not one of your|unknown|not found|does not exist|not yours/i,
    message: 'refusal.domainNotYours',
  },
  { field: 'domain', subject: /\bdomain\b/i, says: /name of this service/i, message: 'refusal.domainIsService' },
  {
    field: 'email',
    subject: /\be-?mail\b/i,
    says: /already (used|taken|registered|exists)/i,
    message: 'refusal.emailUsed',
  },
  { field: 'expiry', subject: /\bexpir/i, says: /future|past/i, message: 'input.link.expiryPast' },
  {
    field: 'url',
    subject: ADDRESS,
    says: /point(s)? back|this service|itself|redirect loop/i,
    message: 'refusal.urlPointsBack',
  },
  { field: 'data', subject: ADDRESS, says: /point(s)? back|this service|itself/i, message: 'qrDestination.pointsBack' },
  { field: 'url', subject: ADDRESS, says: /invalid|not (a )?valid|malformed/i, message: 'input.url.unreadable' },
];

/** "color: must be a HEX colour" → "color", the field a form shows the refusal at. */
export function fieldOfMessage(message: string | null): string | null {
  const m = message ? /^([A-Za-z][\w.[\]]{0,60}):\s/.exec(message) : null;
  return m ? m[1]! : null;
}

/**
 * A refusal the service wrote, as a catalogue message at the field it is about (null: the form as a
 * whole). `sent` names the fields of the refused request: a sentence that names no field is read
 * as one about a field that was sent ("must not point back" is the long URL's in a link, the
 * content's in a QR code), never one the form does not have, where it would not be seen.
 */
export function refusalInWords(
  serverMessage: string,
  sent: readonly string[] = [],
): { field: string | null; message: string } {
  const named = fieldOfMessage(serverMessage);
  const says = named ? serverMessage.slice(named.length + 1).trim() : serverMessage;
  const known = named
    ? KNOWN.find((k) => k.field === named && k.says.test(says))
    : KNOWN.find((k) => sent.includes(k.field) && k.subject.test(says) && k.says.test(says));
  if (known) return { field: known.field, message: words(known.message) };
  return { field: named, message: words('refusal.serviceSays', { text: says }) };
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
