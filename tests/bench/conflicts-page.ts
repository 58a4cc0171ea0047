/**
 * The extension's own actions (lib/sync/actions.ts), for bench:conflicts to run inside an extension
 * page: it bundles this file and evaluates it there, so each change is queued by the same code the
 * dashboard's forms call, over the page's own IndexedDB, where a form would be slow to drive.
 */
import '@/lib/zod-setup';
import { database } from '@/lib/db/open';
import * as actions from '@/lib/sync/actions';

export type BenchActions = typeof actions & { database: typeof database };

Object.assign(globalThis, { benchActions: { ...actions, database } satisfies BenchActions });
