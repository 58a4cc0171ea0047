import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import * as inputs from '../api/inputs/qr';
import type { QrCode, QrDetail } from '../api/schemas/qr';
import { validateInput } from '../api/validate-input';
import { qrFromInput, qrRow } from '../db/rows';
import type { QrRow, QrStatsRow } from '../db/schema';
import { putBack, removed, sendBeyondSeed } from './edits';
import { type Creation, describing, existing, findListed, labelled, type RecordKind, sendCreate } from './kind';
import type { Counting, Detail, Listing, Shown } from './listing';
import { withDetail } from './listing';

const fits = (payload: inputs.CreateQrInput, q: QrCode) => q.name === (payload.name ?? '');

/** A code as its edit shows it: its name, and what a code made here will send. */
const edited = (row: QrRow, edit: inputs.UpdateQrInput): QrRow => ({
  ...row,
  name: edit.name ?? row.name,
  input: row.input && { ...row.input, ...edit },
});

const listing: Listing<QrRow, QrCode> = {
  kind: 'qr',
  rows: (db) => db.qrs,
  list: (api, query) => api.listQrCodes(query),
  fromServer: qrRow,
  content: ['link', 'name', 'date'],
  madeBy: (change, item) => change.kind === 'qr' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, change) => (change.kind === 'qr' && change.op === 'update' ? edited(row, change.payload.input) : row),
  forget: (db, keys) => db.qrStats.bulkDelete(keys),
  lookAlike: (pulled, mine) => pulled.name === mine.name,
};

const creation: Creation<inputs.CreateQrInput, QrCode> = {
  async make({ api }, payload) {
    const { id, link } = await api.createQrCode(payload);
    return { id, extra: link ? { link } : {} };
  },
  async find(ctx, payload) {
    const listed = await findListed(ctx, listing, (q) => fits(payload, q));
    return listed && { id: listed.id, extra: { link: listed.link } };
  },
  // The answer need not carry the code's URL: ask for it, never for a second code.
  lacking: (row) => (row.link ? null : async (api, id) => ({ link: (await api.getQrCode(id)).qr.link })),
};

export const qr: RecordKind<'qr', QrRow, QrCode> = {
  table: 'qrs',
  listing,
  async apply(db, change, key, now) {
    switch (change.op) {
      case 'create':
        return db.qrs.add(qrFromInput(change.payload, key, now));
      case 'update':
        return db.qrs.put(edited(await existing(db.qrs, key, 'change.gone.qr'), change.payload.input));
      case 'delete':
        // Gone from the mirror at once; it comes back if the service refuses the delete or lacks it.
        return db.qrs.delete(key);
      default:
        return change satisfies never;
    }
  },
  async send(ctx, entry) {
    const { db, api } = ctx;
    const id = entry.ids[entry.key]!;
    switch (entry.op) {
      case 'create':
        return sendCreate(ctx, entry, 'qrs', creation);
      case 'update': {
        const { input, was } = entry.payload;
        return sendBeyondSeed(ctx, entry, {
          capability: 'qrEdit',
          table: 'qrs',
          // The same whole request each time: one whose answer was lost is sent again as it is.
          request: () => api.updateQrCode(id, input),
          undo: (db) => db.qrs.update(entry.key, was),
        });
      }
      case 'delete': {
        const { row } = entry.payload;
        return sendBeyondSeed(ctx, entry, {
          capability: 'qrDelete',
          table: 'qrs',
          async request() {
            // A delete whose answer was lost is confirmed by the record's absence (the 404 of a second one).
            await removed(api.deleteQrCode(id)).catch(async (error: unknown) => {
              if (error instanceof ApiError && !error.retryable && !isAbsentRoute(error)) await putBack(db, 'qrs', row);
              throw error;
            });
            await db.qrStats.delete(entry.key);
            await db.channelItems.where('itemKey').equals(entry.key).delete();
          },
          undo: (db) => putBack(db, 'qrs', row),
        });
      }
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later, sent) {
    if (queued.kind !== 'qr' || later.op !== 'update') return null;
    const edit = later.payload.input;
    // As a link's (see there): an edit of a create that may have been made follows on its own.
    if (queued.op === 'create' && !sent) return { kind: 'qr', op: 'create', payload: { ...queued.payload, ...edit } };
    if (queued.op === 'update')
      return {
        kind: 'qr',
        op: 'update',
        payload: { input: { ...queued.payload.input, ...edit }, was: queued.payload.was },
      };
    return null;
  },
  describe(change) {
    switch (change.op) {
      case 'create':
        return describing('change.qr.create', 'change.qr.createNamed', change.payload.name);
      case 'update':
        return describing(
          'change.qr.update',
          'change.qr.updateNamed',
          change.payload.input.name ?? change.payload.was.name,
        );
      case 'delete':
        return describing('change.qr.delete', 'change.qr.deleteNamed', change.payload.row.name);
      default:
        return change satisfies never;
    }
  },
  editable: (change) => (change.op === 'create' ? labelled({ name: 'change.label.qrName' }, change.payload) : []),
  async edit(db, entry, fields) {
    if (entry.op !== 'create') return null;
    const next = validateInput(inputs.createQrInput, { ...entry.payload, ...fields });
    await db.qrs.update(entry.key, { name: next.name ?? '', input: next });
    return { kind: 'qr', op: 'create', payload: next };
  },
  async discard(db, entry, forget) {
    if (entry.op === 'update') await db.qrs.update(entry.key, entry.payload.was);
    else if (entry.op === 'delete') await putBack(db, 'qrs', entry.payload.row);
    else await forget();
  },
};

// ── The refresh's side: how a QR code on screen is kept fresh (lib/kinds/shown.ts) ───────────────

const detail: Detail<QrRow, QrDetail, QrStatsRow> = {
  read: (api, id) => api.getQrCode(id),
  stats: (db) => db.qrStats,
  statsRow: (key, { stats }, at) => ({ key, stats, fetchedAt: at }),
  total: ({ qr, stats }) => ({ id: qr.id, total: qr.scans, unique: stats.uniqueClicks }),
  withTotal: (scans) => ({ scans }),
  notSent: 'syncProblem.qrNotSent',
};

export const qrShown: Shown = { how: 'detail', withDetail: withDetail(listing, detail) };

/** A QR code's scans, kept over time. */
export const qrCounting: Counting = {
  history: (db) => db.qrHistory,
  recent: (db) => db.qrRecent,
  field: 'scans',
  noun: 'scan',
  overTime: 'trends.scansOverTime',
};
