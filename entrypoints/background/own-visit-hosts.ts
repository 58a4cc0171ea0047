import { fixedOrigins, giveBackOrigins } from '@/lib/browser/permissions';
import { hostsToGiveBack } from '@/lib/links/own-visit-hosts';
import { connectionsItem } from '@/lib/settings/connection';
import { ownVisitHostsItem, ownVisitsOnItem } from '@/lib/settings/own-visits';

/**
 * Gives back the branded domains' host access "Own visits not counted" asked for, once the setting
 * is turned off or the connection they belong to is removed (lib/links/own-visit-hosts.ts).
 */
export function registerOwnVisitHosts(): void {
  async function giveBack() {
    const [requested, on, { list }] = await Promise.all([
      ownVisitHostsItem.getValue(),
      ownVisitsOnItem.getValue(),
      connectionsItem.getValue(),
    ]);
    const { giveBack, kept } = hostsToGiveBack({ requested, on, connections: list, fixed: fixedOrigins() });
    // Written only when something was dropped: a page may be adding hosts at this moment.
    if (Object.keys(kept).length === Object.keys(requested).length) return;
    await giveBackOrigins(giveBack);
    await ownVisitHostsItem.setValue(kept);
  }
  const check = () => void giveBack().catch((e: unknown) => console.error('Linkpilot: own-visit hosts', e));
  ownVisitsOnItem.watch(check);
  connectionsItem.watch(check);
  // A change made while no worker ran (the setting turned off from a page) is caught up on start.
  check();
}
