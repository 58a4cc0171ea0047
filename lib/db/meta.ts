import type { Table } from 'dexie';

/**
 * A key of the `meta` table, declared once beside the module that owns it, with the type of its
 * value and what reading it gives before anything was written (Bitwarden's KeyDefinition is the
 * model). Every read and write goes through a declaration, so what is read is what was written:
 * no caller casts, and a key is never spelt twice.
 */
export interface MetaKey<T> {
  readonly key: string;
  readonly fallback: T;
}

/** A family of keys sharing a prefix, one per argument (a list's status, a view's lease). */
export interface MetaFamily<A, T> {
  readonly prefix: string;
  of(arg: A): MetaKey<T>;
}

export const metaKey = <T>(key: string, fallback: T): MetaKey<T> => ({ key, fallback });

export const metaFamily = <A extends string, T>(prefix: string, fallback: T): MetaFamily<A, T> => ({
  prefix,
  of: (arg) => ({ key: `${prefix}${arg}`, fallback }),
});

/** A database or an upgrade's transaction: both open tables by name. */
interface Tables {
  table<R, K>(name: string): Table<R, K>;
}

/** The meta table, seen through one declaration's type (the only writer of that key). */
const rowsOf = <T>(db: Tables) => db.table<{ key: string; value: T }, string>('meta');

export async function readMeta<T>(db: Tables, def: MetaKey<T>): Promise<T> {
  return (await rowsOf<T>(db).get(def.key))?.value ?? def.fallback;
}

export async function writeMeta<T>(db: Tables, def: MetaKey<T>, value: T): Promise<void> {
  await rowsOf<T>(db).put({ key: def.key, value });
}

export async function deleteMeta<T>(db: Tables, def: MetaKey<T>): Promise<void> {
  await rowsOf<T>(db).delete(def.key);
}

/** Every stored key of a family, with its value. */
export async function readFamily<A extends string, T>(
  db: Tables,
  family: MetaFamily<A, T>,
): Promise<{ key: string; value: T }[]> {
  return rowsOf<T>(db).where('key').startsWith(family.prefix).toArray();
}

export async function deleteKeys(db: Tables, keys: string[]): Promise<void> {
  await db.table<unknown, string>('meta').bulkDelete(keys);
}
