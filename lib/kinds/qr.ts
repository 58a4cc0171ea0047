import * as inputs from '../api/inputs/qr';
import type { QrCode, QrDetail } from '../api/schemas/qr';
import { validateInput } from '../api/validate-input';
import { qrFromInput, qrRow } from '../db/rows';
import type { QrRow, QrStatsRow } from '../db/schema';
import { type Creation, describing, findListed, labelled, type RecordKind, sendCreate } from './kind';
import type { Counting, Detail, Listing, Shown } from './listing';
import { withDetail } from './listing';

const fits = (payload: inputs.CreateQrInput, q: QrCode) => q.name === (payload.name ?? '');

const listing: Listing<QrRow, QrCode> = {
  kind: 'qr',
  rows: (db) => db.qrCodes,
  list: (api, query) => api.listQrCodes(query),
  fromServer: qrRow,
  content: ['link', 'name', 'date'],
  madeBy: (change, item) => change.kind === 'qr' && fits(change.payload, item),
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
  table: 'qrCodes',
  listing,
  apply: (db, { payload }, key, now) => db.qrCodes.add(qrFromInput(payload, key, now)),
  send: (ctx, entry) => sendCreate(ctx, entry, 'qrCodes', creation),
  describe: ({ payload }) => describing('change.qr.create', 'change.qr.createNamed', payload.name),
  editable: ({ payload }) => labelled({ name: 'change.label.qrName' }, payload),
  async edit(db, { key, payload }, fields) {
    const next = validateInput(inputs.createQrInput, { ...payload, ...fields });
    await db.qrCodes.update(key, { name: next.name ?? '', input: next });
    return { kind: 'qr', op: 'create', payload: next };
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
