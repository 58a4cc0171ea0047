/** "YYYY-MM-DD HH:MM:SS" in UTC: the spec's datetime form (its time zone is not shown; UTC is ours). */
export function datetime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

export function dateOnly(value: string): string {
  return value.slice(0, 10);
}

/** Parses the spec's datetime as UTC; null when it is not a real date and time. */
export function parseDatetime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  return at;
}
