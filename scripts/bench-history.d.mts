/** A figure as a benchmark prints it (tests/bench/report.ts). */
export interface Figure {
  bench: string;
  value: number | null;
  unit?: string;
  goal?: number | string;
  [extra: string]: unknown;
}
/** One line of bench/results.jsonl. */
export interface HistoryEntry {
  figure: string;
  suite: string | null;
  value: number | null;
  unit: string | null;
  goal: number | string | null;
  met: boolean | null;
  commit: string;
  date: string;
  load: number | null;
}
export const HISTORY_FILE: string;
export const TREND_RUNS: number;
export function figuresOf(stdout: string): Figure[];
export function parseGoal(goal: unknown): { op: '=' | '<=' | '>=' | '<' | '>'; limit: number } | null;
export function meets(value: unknown, goal: unknown): boolean | null;
export function historyEntries(
  figures: Figure[],
  run: { suite: string | null; commit: string; date: string; load: number | null },
): HistoryEntry[];
export function historyText(entries: HistoryEntry[]): string;
export function readHistory(text: string): HistoryEntry[];
export function latestTable(entries: HistoryEntry[]): string;
export function trendTable(entries: HistoryEntry[], runs?: number): string;
