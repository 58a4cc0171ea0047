import * as inputs from '../../api/inputs/domains';
import type { Domain } from '../../api/schemas/domains';
import { validateInput } from '../../api/validate-input';
import { domainRow, domainFromInput as fromInput } from '../../db/rows';
import type { DomainRow } from '../../db/schema';
import {
  type Creation,
  deleted,
  findListed,
  type Listing,
  type RecordKind,
  sendCreate,
  sentence,
  unsent,
} from './kind';

const bare = (domain: string) => domain.replace(/\/$/, '').toLowerCase();
const fits = (payload: inputs.CreateDomainInput, d: Domain) => bare(d.domain) === bare(payload.domain);

const listing: Listing<DomainRow, Domain> = {
  rows: (db) => db.domains,
  list: (api, query) => api.listDomains(query),
  fromServer: domainRow,
  madeBy: (change, item) => change.kind === 'domain' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, { kind, op, payload }) => (kind === 'domain' && op === 'update' ? { ...row, ...payload } : row),
};

const creation: Creation<inputs.CreateDomainInput, Domain> = {
  make: async ({ api }, payload) => api.createDomain(payload),
  // The service keeps domains unique: the first match is the only one.
  find: async (ctx, payload) => {
    const listed = await findListed(ctx, listing, (d) => fits(payload, d));
    return listed && { id: listed.id, listed };
  },
  async complete({ api }, _key, id, { redirectroot, redirect404 }, listed) {
    const redirects = { redirectroot, redirect404 };
    const edits = listed ? unsent(listed, redirects) : redirectroot || redirect404 ? redirects : null;
    if (edits) await api.updateDomain(id, edits);
  },
};

export const domain: RecordKind<'domain', DomainRow, Domain, inputs.CreateDomainInput> = {
  table: 'domains',
  listing,
  fromInput,
  async send(ctx, entry) {
    const id = entry.ids[entry.key]!;
    switch (entry.op) {
      case 'create':
        return sendCreate(ctx, entry, 'domains', creation);
      case 'update':
        return void (await ctx.api.updateDomain(id, entry.payload));
      case 'delete':
        return deleted(ctx.api.deleteDomain(id));
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later) {
    if (queued.kind !== 'domain' || later.op !== 'update') return null;
    if (queued.op === 'create') return { ...queued, payload: { ...queued.payload, ...later.payload } };
    return queued.op === 'update' ? { ...queued, payload: { ...queued.payload, ...later.payload } } : null;
  },
  describe: (change) => sentence('branded domain', change.op, change.op === 'create' ? change.payload.domain : ''),
  editable: ({ op, payload }) => (op === 'create' ? [{ name: 'domain', label: 'Domain', value: payload.domain }] : []),
  async edit(db, { op, key, payload }, fields) {
    if (op !== 'create') return null;
    const next = validateInput(inputs.createDomainInput, { ...payload, ...fields });
    await db.domains.update(key, fromInput(next));
    return { kind: 'domain', op: 'create', payload: next };
  },
};
