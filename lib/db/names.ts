/**
 * Which database a page shows, apart from the database itself: the popup's first screen selects it
 * before Dexie (and the schema) have loaded, and only what shows live data loads them.
 */
export const DB_NAME = 'linkpilot';

let shown = DB_NAME;

/**
 * A page shows one connection at a time. Its root selects that connection's database before it
 * renders its views, keyed by the connection, so every view mounts afresh on the database selected.
 */
export function showDatabase(name: string | undefined): void {
  shown = name ?? DB_NAME;
}

/** The name of the database this page shows. */
export function shownDatabase(): string {
  return shown;
}
