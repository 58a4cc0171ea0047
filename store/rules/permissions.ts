/** The permissions a manifest asks for, up front and optionally (hosts included). */
export function permissionsOf(manifest: {
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
}): string[] {
  return [
    ...(manifest.permissions ?? []),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
  ];
}

/** Each permission of the manifests that has no written justification. */
export function unjustifiedPermissions(
  manifests: Parameters<typeof permissionsOf>[0][],
  justifications: Readonly<Record<string, string>>,
): string[] {
  const asked = new Set(manifests.flatMap(permissionsOf));
  return [...asked].filter((p) => !(justifications[p]?.trim().length ?? 0)).sort();
}
