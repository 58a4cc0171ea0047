import { originPermissionPattern } from '../settings/service-url';

/**
 * Host access "Own visits not counted" asked for, by connection (its database): the branded
 * domains' origin patterns the person granted when turning the setting on. A redirect rule acts
 * only on hosts the extension may access, so the access is needed while the setting is on.
 */
export type RequestedHosts = Record<string, string[]>;

export interface HostsInUse {
  requested: RequestedHosts;
  /** Whether "Own visits not counted" is on. */
  on: boolean;
  /** The connections there are now. */
  connections: readonly { database: string; baseUrl: string }[];
  /** The manifest's host_permissions: granted for good, and refused by permissions.remove. */
  fixed: readonly string[];
}

/**
 * Which branded-domain origins to give back: all of them once the setting is off, and those of a
 * connection that was removed; never one still needed (a remaining connection's service, whose
 * access was asked for at Connect, a fixed origin, or a branded domain another connection kept).
 * `kept` is what stays asked for.
 */
export function hostsToGiveBack({ requested, on, connections, fixed }: HostsInUse): {
  giveBack: string[];
  kept: RequestedHosts;
} {
  const remaining = new Set(connections.map((c) => c.database));
  const kept: RequestedHosts = {};
  const dropped = new Set<string>();
  for (const [database, patterns] of Object.entries(requested)) {
    if (on && remaining.has(database)) kept[database] = patterns;
    else for (const p of patterns) dropped.add(p);
  }
  const needed = new Set([
    ...fixed,
    ...connections.map((c) => originPermissionPattern(c.baseUrl)),
    ...Object.values(kept).flat(),
  ]);
  return { giveBack: [...dropped].filter((p) => !needed.has(p)), kept };
}
