import { isItemOf } from '../kinds/item-types';
import { type ActionContext, assignToCampaign, assignToChannel } from './actions';

/**
 * Several links into one channel or campaign: one queued change per link, each as the single-link
 * control makes it, so the outbox sends them within the budget. Links already there are left out
 * (each would cost a request that changes nothing). Returns how many were queued.
 */
export async function assignLinksToChannel(ctx: ActionContext, channelKey: string, keys: string[]): Promise<number> {
  const inside = await ctx.db.channelItems.where('channelKey').equals(channelKey).toArray();
  const there = new Set(inside.filter((i) => isItemOf(i, 'link')).map((i) => i.itemKey));
  const todo = keys.filter((key) => !there.has(key));
  for (const key of todo) await assignToChannel(ctx, channelKey, { type: 'links', key });
  return todo.length;
}

export async function assignLinksToCampaign(ctx: ActionContext, campaignKey: string, keys: string[]): Promise<number> {
  const links = await ctx.db.links.bulkGet(keys);
  const todo = links.filter((l) => l !== undefined && l.campaignKey !== campaignKey).map((l) => l!.key);
  for (const key of todo) await assignToCampaign(ctx, campaignKey, key);
  return todo.length;
}
