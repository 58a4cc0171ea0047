import type { Transaction } from 'dexie';
import { updateAccountInput } from '../api/inputs/account';
import { createCampaignInput, updateCampaignInput } from '../api/inputs/campaigns';
import { channelItemTypeInput, createChannelInput, updateChannelInput } from '../api/inputs/channels';
import { createDomainInput, updateDomainInput } from '../api/inputs/domains';
import { linkFieldsInput } from '../api/inputs/links';
import { createQrInput } from '../api/inputs/qr';
import type { OutboxEntry, Queued } from './records';

/** A channel item's key as version 3 made it; frozen here, whatever the kind makes today. */
const channelItemKey = (channelKey: string, type: string, itemKey: string | null, itemId: number | null) =>
  `${channelKey}|${type}|${itemKey ?? `s${itemId ?? ''}`}`;

/** An entry as versions 1 and 2 wrote it. */
interface V2Entry extends Queued {
  entity: string;
  op: string;
  payload: Record<string, unknown>;
  resent?: boolean;
}

/**
 * Every queued change carried across in the new form, half-sent ones included (their state, ids
 * and ambiguity stay). Payloads were validated when queued, so they parse; the one kind of entry
 * dropped is a link update, which the service never offered and which was bound to be refused.
 */
export async function upgradeToV3(tx: Transaction): Promise<void> {
  const outbox = tx.table('outbox');
  const old: V2Entry[] = await outbox.toArray();
  const upgraded = old.map(upgradeEntry);
  await outbox.bulkPut(upgraded.filter((e) => e !== null));
  await outbox.bulkDelete(old.filter((_, i) => upgraded[i] === null).map((e) => e.seq));
  for (const table of ['channels', 'campaigns'])
    await tx
      .table(table)
      .toCollection()
      .modify((row: { sentTwice?: unknown }) => {
        delete row.sentTwice;
      });
  await tx.table('meta').delete('auth-refused');
}

export function upgradeEntry(old: V2Entry): OutboxEntry | null {
  const { entity, op, payload: p, resent: _resent, ...queued } = old;
  const own = { ...queued, deps: [...new Set([queued.key, ...queued.deps])] };
  const key = (value: unknown) => (typeof value === 'string' ? value : null);
  try {
    switch (`${entity}:${op}`) {
      case 'link:create': {
        const links = { channelKey: key(p.channelKey), campaignKey: key(p.campaignKey) };
        return { ...queued, kind: 'link', op: 'create', payload: { input: linkFieldsInput.parse(p.input), ...links } };
      }
      case 'qr:create':
        return { ...queued, kind: 'qr', op: 'create', payload: createQrInput.parse(p.input) };
      case 'channel:create':
        return { ...queued, kind: 'channel', op: 'create', payload: createChannelInput.parse(p) };
      case 'channel:update':
        return { ...own, kind: 'channel', op: 'update', payload: updateChannelInput.parse(p) };
      case 'channel:delete':
        return { ...own, kind: 'channel', op: 'delete', payload: null };
      case 'campaign:create':
        return { ...queued, kind: 'campaign', op: 'create', payload: createCampaignInput.parse(p) };
      case 'campaign:update':
        return { ...own, kind: 'campaign', op: 'update', payload: updateCampaignInput.parse(p) };
      case 'campaign:delete':
        return { ...own, kind: 'campaign', op: 'delete', payload: null };
      case 'domain:create':
        return { ...queued, kind: 'domain', op: 'create', payload: createDomainInput.parse(p) };
      case 'domain:update':
        return { ...own, kind: 'domain', op: 'update', payload: updateDomainInput.parse(p) };
      case 'domain:delete':
        return { ...own, kind: 'domain', op: 'delete', payload: null };
      case 'account:update':
        return { ...queued, deps: [], kind: 'account', op: 'update', payload: updateAccountInput.parse(p) };
      case 'link:assign-campaign': {
        const campaignKey = key(p.campaignKey) ?? '';
        return {
          ...own,
          deps: [campaignKey, queued.key],
          kind: 'campaignLink',
          op: 'create',
          payload: { campaignKey },
        };
      }
      case 'link:assign-channel':
      case 'qr:assign-channel': {
        // Bio pages were queued under "bio:ID"; they are named by the channel item's key now.
        const itemKey = queued.key.startsWith('bio:') ? null : queued.key;
        const itemId = typeof p.itemId === 'number' ? p.itemId : null;
        const assignment = {
          channelKey: key(p.channelKey) ?? '',
          type: channelItemTypeInput.parse(p.type),
          itemKey,
          itemId,
        };
        return {
          ...queued,
          key: channelItemKey(assignment.channelKey, assignment.type, itemKey, itemId),
          deps: itemKey ? [assignment.channelKey, itemKey] : [assignment.channelKey],
          kind: 'channelItem',
          op: 'create',
          payload: assignment,
        };
      }
      default:
        return null;
    }
  } catch (error) {
    console.warn('Linkpilot: a queued change could not be carried into schema 3', error);
    return null;
  }
}
