import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Bowser from 'bowser';

const SOCIAL: [RegExp, string][] = [
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'facebook'],
  [/(^|\.)(twitter\.com|t\.co|x\.com)$/, 'twitter'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'linkedin'],
  [/(^|\.)reddit\.com$/, 'reddit'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(pinterest\.[a-z.]+|pin\.it)$/, 'pinterest'],
  [/(^|\.)tumblr\.com$/, 'tumblr'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
];

export interface Visitor {
  country: string | null;
  referrer: string;
  social: string | null;
  browser: string;
  os: string;
  /** mobile | tablet | desktop | … */
  platform: string;
  language: string | null;
  /** Salted hash of address and User-Agent: tells repeat visitors apart without storing either. */
  id: string;
}

export function readVisitor(req: IncomingMessage, countryHeader: string, salt: string): Visitor {
  const ua = String(req.headers['user-agent'] ?? '');
  const parsed = ua ? Bowser.parse(ua) : null;
  const rawCountry = String(req.headers[countryHeader.toLowerCase()] ?? '').trim();
  let referrer = 'Direct, email and other';
  let social: string | null = null;
  const ref = req.headers.referer;
  if (typeof ref === 'string' && ref) {
    try {
      const host = new URL(ref).hostname.replace(/^www\./, '').toLowerCase();
      if (host) referrer = host;
      social = SOCIAL.find(([re]) => re.test(host))?.[1] ?? null;
    } catch {
      // An unreadable Referer counts as none.
    }
  }
  const acceptLanguage = String(req.headers['accept-language'] ?? '');
  const language = /^\s*([a-zA-Z]{2,3})/.exec(acceptLanguage)?.[1]?.toLowerCase() ?? null;
  const address = req.socket.remoteAddress ?? '';
  return {
    country: /^[A-Za-z]{2}$/.test(rawCountry) ? rawCountry.toUpperCase() : null,
    referrer,
    social,
    browser: parsed?.browser.name ?? 'Unknown',
    os: parsed?.os.name ?? 'Unknown',
    platform: parsed?.platform.type ?? 'unknown',
    language,
    id: createHash('sha256').update(`${salt}|${address}|${ua}`).digest('hex').slice(0, 32),
  };
}
