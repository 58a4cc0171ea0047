/** The fields of a QR code of type vcard, as stored (see qrData.vcard). */
export interface VcardFields {
  firstname?: string;
  lastname?: string;
  organization?: string;
  phone?: string;
  email?: string;
  site?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

/**
 * A text value as RFC 6350 §3.4 writes it: backslash, comma and semicolon escaped, every line
 * break as \n. A value can then never end its line and start a property of its own.
 */
export function escapeVcardText(value: string | undefined): string {
  return (value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 6350 §3.2: a line longer than 75 octets is folded, each continuation starting with a space.
 * Cut between characters, never inside one's UTF-8 bytes.
 */
export function foldVcardLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The card a vcard QR code serves (vCard 4.0, RFC 6350). */
export function vcardOf(d: VcardFields): string {
  const text = escapeVcardText;
  const fullName = [d.firstname, d.lastname].filter(Boolean).join(' ');
  const address = [d.street, d.city, d.state, d.zip, d.country];
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${text(fullName)}`,
    `N:${text(d.lastname)};${text(d.firstname)};;;`,
    d.organization ? `ORG:${text(d.organization)}` : null,
    d.phone ? `TEL:${text(d.phone)}` : null,
    d.email ? `EMAIL:${text(d.email)}` : null,
    // A URI value, not text: it is not backslash-escaped, and a parsed URL holds no line break.
    d.site && URL.canParse(d.site) ? `URL:${new URL(d.site).href}` : null,
    address.some(Boolean) ? `ADR:;;${address.map(text).join(';')}` : null,
    'END:VCARD',
  ];
  return `${lines
    .filter((l): l is string => l !== null)
    .map(foldVcardLine)
    .join('\r\n')}\r\n`;
}
