import type { OutboxEntry } from '@/lib/db/schema';

const NOUN: Record<OutboxEntry['entity'], string> = {
  link: 'short link',
  channel: 'channel',
  campaign: 'campaign',
  domain: 'branded domain',
  qr: 'QR code',
  account: 'account',
};

/** A sentence a person understands for one queued change. */
export function describeChange(entry: OutboxEntry): string {
  const p = entry.payload;
  const input = (p.input ?? {}) as Record<string, unknown>;
  const name = String(p.name ?? p.domain ?? input.name ?? input.custom ?? input.url ?? '');
  const label = name ? ` “${name.slice(0, 80)}”` : '';
  switch (entry.op) {
    case 'create':
      return `Create ${NOUN[entry.entity]}${label}`;
    case 'update':
      return entry.entity === 'account'
        ? `Update account${p.email ? ` e-mail to ${String(p.email)}` : ''}${p.password ? ' password' : ''}`
        : `Update ${NOUN[entry.entity]}${label}`;
    case 'delete':
      return p.resentCopy
        ? `Delete the copy of ${NOUN[entry.entity]}${label} the browser sent twice`
        : `Delete ${NOUN[entry.entity]}`;
    case 'assign-channel':
      return `Add ${String(p.type) === 'qr' ? 'QR code' : String(p.type) === 'bio' ? 'bio page' : 'link'} to a channel`;
    case 'assign-campaign':
      return 'Add link to a campaign';
  }
}

/** The fields of a refused create that a person can correct, with their current values. */
export function editableFields(entry: OutboxEntry): { name: string; label: string; value: string }[] {
  if (entry.op !== 'create') return [];
  const p = entry.payload;
  const input = (p.input ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (entry.entity) {
    case 'link':
      return [
        { name: 'url', label: 'Long URL', value: text(input.url) },
        { name: 'custom', label: 'Custom alias', value: text(input.custom) },
      ];
    case 'channel':
      return [
        { name: 'name', label: 'Channel name', value: text(p.name) },
        { name: 'color', label: 'Colour', value: text(p.color) },
      ];
    case 'campaign':
      return [
        { name: 'name', label: 'Campaign name', value: text(p.name) },
        { name: 'slug', label: 'Rotator slug', value: text(p.slug) },
      ];
    case 'domain':
      return [{ name: 'domain', label: 'Domain', value: text(p.domain) }];
    case 'qr':
      return [{ name: 'name', label: 'QR code name', value: text(input.name) }];
    default:
      return [];
  }
}
