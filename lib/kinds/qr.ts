import { ApiError } from '../api/errors';
import * as inputs from '../api/inputs/qr';
import { formatDatetime } from '../api/schemas/primitives';
import type { QrCode, QrDetail } from '../api/schemas/qr';
import { validateInput } from '../api/validate-input';
import { freshRow, pulledRow } from '../db/rows';
import type { QrRow, QrStatsRow } from '../db/schema';
import { repointRefusal } from '../qr/repoint';
import { foldEdit, undone } from './edits';
import {
  type Creation,
  creating,
  describing,
  existing,
  findListed,
  goneAsNull,
  labelled,
  present,
  type RecordKind,
} from './kind';
import type { Counting, Detail, Listing, Shown } from './listing';
import { withDetail } from './listing';
import type { MirrorWrite } from './mirror-write';
import type { Row } from './table';

const fits = (payload: inputs.CreateQrInput, q: QrCode) => q.name === (payload.name ?? '');

/**
 * A code as its edit shows it: its name, and what is known of its input. A new content makes what
 * it holds known, for a code made elsewhere too; its look stays as unknown as it was.
 */
const edited = (row: QrRow, edit: inputs.UpdateQrInput): QrRow => ({
  ...row,
  name: edit.name ?? row.name,
  input:
    edit.type === undefined ? row.input && { ...row.input, ...edit } : ({ ...row.input, ...edit } as QrRow['input']),
});

const listing: Listing<QrRow, QrCode> = {
  kind: 'qr',
  rows: (db) => db.qrs,
  list: (api, query) => api.listQrCodes(query),
  fromServer: qrRow,
  content: ['link', 'name', 'date'],
  madeBy: (change, item) => change.kind === 'qr' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, change) => (change.kind === 'qr' && change.op === 'update' ? edited(row, change.payload.input) : row),
  hanging: { stats: (db) => db.qrStats },
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

/* Server records and queued creates → mirror rows (see lib/db/rows.ts for the rule they keep). */

export function qrRow(qr: QrCode, existing: QrRow | undefined, pulledAt: number): QrRow {
  return {
    ...pulledRow(qr.id, existing, pulledAt),
    link: qr.link,
    scans: qr.scans,
    name: qr.name,
    date: qr.date ?? existing?.date ?? '',
    input: existing?.input ?? null,
  };
}

export const qrFromInput = (input: inputs.CreateQrInput, key: string, now: number): QrRow => ({
  ...freshRow(key),
  link: '',
  scans: 0,
  name: input.name ?? '',
  date: formatDatetime(new Date(now)),
  input,
});

export const qr: RecordKind<'qr', QrRow, QrCode> = {
  table: 'qrs',
  listing,
  asks: {
    create: { change: (asked) => ({ payload: validateInput(inputs.createQrInput, asked) }) },
    // Re-pointed, a new type and data change where its printed code leads: it keeps its address and
    // its scans. Refused here when the printed code could not follow (lib/qr/repoint.ts).
    update: {
      offered: 'qrEdit',
      change(asked, found) {
        const input = validateInput(inputs.updateQrInput, asked);
        const row = present<QrRow>(found, 'change.gone.qr');
        const refused = input.type === undefined ? null : repointRefusal(row, input.type);
        if (refused)
          throw new ApiError({ kind: 'validation', field: refused.field, message: refused.message, retryable: false });
        return { payload: { input, was: { name: row.name, input: row.input } } };
      },
    },
    delete: {
      offered: 'qrDelete',
      change: (_asked, row) => ({ payload: { row: present<QrRow>(row, 'change.gone.qr') } }),
    },
  },
  async shows(db, change, key, now) {
    switch (change.op) {
      case 'create':
        return [{ put: 'qrs', row: qrFromInput(change.payload, key, now), made: true }];
      case 'update':
        return [{ put: 'qrs', row: edited(await existing(db.qrs, key, 'change.gone.qr'), change.payload.input) }];
      case 'delete':
        // Gone from the mirror at once; it comes back if the service refuses the delete or lacks it.
        return [{ remove: 'qrs', key }];
      default:
        return change satisfies never;
    }
  },
  sending(entry) {
    switch (entry.op) {
      case 'create':
        return creating('qrs', creation, entry.payload);
      case 'update':
        return {
          edit: {
            capability: 'qrEdit',
            table: 'qrs',
            was: entry.payload.was,
            async request(api, id) {
              // The type as the service had it before this edit: data of that type goes without it.
              await api.updateQrCode(id, entry.payload.input, entry.payload.was.input?.type);
              // Its answer adds nothing the row lacks.
              return [];
            },
          },
        };
      case 'delete':
        return {
          removal: {
            capability: 'qrDelete',
            table: 'qrs',
            row: entry.payload.row,
            request: (api, id) => api.deleteQrCode(id),
            gone: [
              { remove: 'qrStats', key: entry.key },
              { each: 'channelItems', where: 'itemKey', equals: entry.key, fields: null },
            ],
          },
        };
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later, sent) {
    if (queued.kind !== 'qr' || later.op !== 'update') return null;
    // As a link's (see there): an edit of a create that may have been made follows on its own.
    const folded = foldEdit(queued, later.payload.input, sent);
    return folded && { kind: 'qr', ...folded };
  },
  describe(change) {
    switch (change.op) {
      case 'create':
        return describing('change.qr.create', 'change.qr.createNamed', change.payload.name);
      case 'update':
        // A re-point is named as what it does: a printed code will lead elsewhere.
        return change.payload.input.type === undefined
          ? describing(
              'change.qr.update',
              'change.qr.updateNamed',
              change.payload.input.name ?? change.payload.was.name,
            )
          : describing(
              'qrDestination.queuedChange',
              'qrDestination.queuedChangeNamed',
              change.payload.input.name ?? change.payload.was.name,
            );
      case 'delete':
        return describing('change.qr.delete', 'change.qr.deleteNamed', change.payload.row.name);
      default:
        return change satisfies never;
    }
  },
  editable: (change) => (change.op === 'create' ? labelled({ name: 'change.label.qrName' }, change.payload) : []),
  edit(entry, fields) {
    if (entry.op !== 'create') return null;
    const next = validateInput(inputs.createQrInput, { ...entry.payload, ...fields });
    const writes: MirrorWrite[] = [{ patch: 'qrs', key: entry.key, fields: { name: next.name ?? '', input: next } }];
    return { change: { kind: 'qr', op: 'create', payload: next }, writes };
  },
  discard: (entry) => (entry.op === 'create' ? null : undone('qrs', entry)),
  twoWriters: {
    // The listing shows its name; its colours, logo and what it holds (type and data) cannot be
    // read back, so they are sent as set here.
    fields: { name: 'name' },
    changes: (change) => (change.op === 'update' ? { ...change.payload.input } : {}),
    withChanges: (change, changes) =>
      change.op === 'update' ? { ...change, payload: { ...change.payload, input: changes } } : change,
    async read(api, id, existing, at) {
      const found = await api.getQrCode(id).catch(goneAsNull);
      return found && (listing.fromServer(found.qr, existing as QrRow | undefined, at) as unknown as Row);
    },
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
  reads: (db) => db.qrReads,
  field: 'scans',
  noun: 'scan',
  overTime: 'trends.scansOverTime',
};
