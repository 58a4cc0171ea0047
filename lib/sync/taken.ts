import { ApiError } from '../api/errors';
import type { Change, LinkpilotDb, Mirrored } from '../db/schema';
import { type MessageKey, words } from '../words';

/**
 * What a create or an update asks for that must be unique, and where the mirror keeps what is
 * already taken: a rename to another record's name is refused as its create would be.
 * Compared as the service compares: aliases, slugs and campaign names ignoring case (SQLite's
 * NOCASE there), a branded domain by its host (scheme, case and a trailing dot do not count).
 * Channel names the service does not compare; two channels of one name cannot be told apart in
 * any list, so they are held to the campaigns' rule.
 */
interface Unique {
  field: string;
  message: MessageKey;
  value(change: Change): string | undefined;
  holders(db: LinkpilotDb, value: string): Promise<Mirrored[]>;
}

const asked = (change: Change, kind: Change['kind'], field: string): string | undefined => {
  if (change.kind !== kind || (change.op !== 'create' && change.op !== 'update')) return undefined;
  // A link's fields come as the API's input beside where it goes; every other kind's are the payload.
  const { payload } = change;
  const fields: Record<string, unknown> = 'input' in payload ? { ...payload.input } : { ...payload };
  const value = fields[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** A branded domain's host, as the service tells two spellings of one apart (server/hosts.ts). */
export function hostOf(domain: string): string {
  try {
    const url = new URL(/^[a-z][\w+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`);
    const hostname = url.hostname.replace(/\.+$/, '');
    return url.port ? `${hostname}:${url.port}` : hostname;
  } catch {
    return domain.toLowerCase();
  }
}

/** The account's links that hold an alias, compared as the service compares it (case ignored). */
export function aliasHolders(db: LinkpilotDb, alias: string) {
  return db.links.where('alias').equalsIgnoreCase(alias).toArray();
}

const UNIQUE: Unique[] = [
  {
    field: 'custom',
    message: 'refusal.aliasTaken',
    value: (c) => asked(c, 'link', 'custom'),
    holders: (db, alias) => aliasHolders(db, alias),
  },
  {
    field: 'name',
    message: 'refusal.channelNameUsed',
    value: (c) => asked(c, 'channel', 'name'),
    holders: (db, name) => db.channels.where('name').equalsIgnoreCase(name).toArray(),
  },
  {
    field: 'name',
    message: 'refusal.campaignNameUsed',
    value: (c) => asked(c, 'campaign', 'name'),
    holders: (db, name) => db.campaigns.where('name').equalsIgnoreCase(name).toArray(),
  },
  {
    field: 'slug',
    message: 'refusal.slugTaken',
    value: (c) => asked(c, 'campaign', 'slug'),
    holders: (db, slug) => db.campaigns.filter((c) => c.slug?.toLowerCase() === slug.toLowerCase()).toArray(),
  },
  {
    field: 'domain',
    message: 'refusal.domainRegistered',
    value: (c) => asked(c, 'domain', 'domain'),
    holders: (db, domain) => db.domains.filter((d) => hostOf(d.domain) === hostOf(domain)).toArray(),
  },
];

/**
 * Refuses a create or an update, before it is queued, that asks for what the mirror shows as taken
 * by another record (`key`: the record's own, which does not count against it). A record whose own create
 * was refused holds nothing on the service, and does not count. Works offline.
 */
export async function refuseTaken(db: LinkpilotDb, change: Change, key: string | null): Promise<void> {
  for (const unique of UNIQUE) {
    const value = unique.value(change);
    if (value === undefined) continue;
    const holders = await unique.holders(db, value);
    if (holders.some((row) => row.key !== key && row.sync !== 'failed'))
      throw new ApiError({ kind: 'validation', field: unique.field, message: words(unique.message), retryable: false });
  }
}
