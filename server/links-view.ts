import type { Database } from 'better-sqlite3';

export interface LinkRecord {
  id: number;
  account_id: number;
  alias: string;
  longurl: string;
  title: string;
  description: string;
  domain_id: number | null;
  type: string;
  password_hash: string | null;
  expiry: string | null;
  geotarget: string;
  devicetarget: string;
  languagetarget: string;
  parameters: string;
  metatitle: string;
  metadescription: string;
  metaimage: string;
  pixels: string;
  campaign_id: number | null;
  deeplink: string | null;
  status: string;
  clicks: number;
  date: string;
}

/** A link's short URL: on its branded domain when it has one, else on the server's own. */
export function shortUrlOf(db: Database, publicUrl: string, link: Pick<LinkRecord, 'alias' | 'domain_id'>): string {
  if (link.domain_id !== null) {
    const d = db.prepare('SELECT domain FROM domains WHERE id = ?').get(link.domain_id) as
      | { domain: string }
      | undefined;
    if (d) return `${d.domain.replace(/\/$/, '')}/${link.alias}`;
  }
  return `${publicUrl}/${link.alias}`;
}

export function linkListView(db: Database, publicUrl: string, l: LinkRecord) {
  return {
    id: l.id,
    alias: l.alias,
    shorturl: shortUrlOf(db, publicUrl, l),
    longurl: l.longurl,
    clicks: l.clicks,
    title: l.title,
    description: l.description,
    date: l.date,
  };
}

export const qrLinkOf = (publicUrl: string, code: string) => `${publicUrl}/qr/${code}`;
