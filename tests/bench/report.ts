/** One JSON line per figure: {"bench": name, "value": number, "unit": string, ...extra}. */
export function report(bench: string, value: number, unit: string, extra: Record<string, unknown> = {}): void {
  console.log(
    JSON.stringify({ bench, value: Number.isFinite(value) ? Math.round(value * 1000) / 1000 : value, unit, ...extra }),
  );
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
