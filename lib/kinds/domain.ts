import * as inputs from '../api/inputs/domains';
import type { Domain } from '../api/schemas/domains';
import { freshRow, pulledRow } from '../db/rows';
import type { DomainRow } from '../db/schema';
import { fieldKind } from './fields';
import { unsent } from './kind';

const bare = (domain: string) => domain.replace(/\/$/, '').toLowerCase();

/** A branded domain's host, as the service tells two spellings of one apart (server/hosts.ts). */
export function hostOf(domain: string): string {
  try {
    const url = new URL(/^[a-z][\w+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`);
    const hostname = url.hostname.replace(/\.+$/, '');
    return url.port ? `${hostname}:${url.port}` : hostname;
  } catch {
    return domain.toLowerCase();
  }
}

/* Server records and queued creates → mirror rows (see lib/db/rows.ts for the rule they keep). */

export function domainRow(domain: Domain, existing: DomainRow | undefined, pulledAt: number): DomainRow {
  return {
    ...pulledRow(domain.id, existing, pulledAt),
    domain: domain.domain,
    redirectroot: domain.redirectroot,
    redirect404: domain.redirect404,
  };
}

export const domainFromInput = (input: inputs.CreateDomainInput, key: string): DomainRow => ({
  ...freshRow(key),
  domain: input.domain.replace(/\/$/, ''),
  redirectroot: input.redirectroot ?? '',
  redirect404: input.redirect404 ?? '',
});

export const domain = fieldKind<'domain', DomainRow, Domain, inputs.CreateDomainInput, inputs.UpdateDomainInput>({
  kind: 'domain',
  unique: [
    {
      field: 'domain',
      message: 'refusal.domainRegistered',
      holders: (db, domain) => db.domains.filter((d) => hostOf(d.domain) === hostOf(domain)).toArray(),
    },
  ],
  table: 'domains',
  mine: (change) => change,
  own: (change) => (change.kind === 'domain' ? change : null),
  wrap: (change) => ({ kind: 'domain', ...change }),
  createInput: inputs.createDomainInput,
  updateInput: inputs.updateDomainInput,
  rows: (db) => db.domains,
  fromInput: domainFromInput,
  fromServer: domainRow,
  content: ['domain', 'redirectroot', 'redirect404'],
  edited: (row, patch) => ({ ...row, ...patch }),
  list: (api, query) => api.listDomains(query),
  // The service keeps domains unique: the first match is the only one.
  fits: (payload, d) => bare(d.domain) === bare(payload.domain),
  make: ({ api }, payload) => api.createDomain(payload),
  async complete({ api }, _key, id, { redirectroot, redirect404 }, listed) {
    const redirects = { redirectroot, redirect404 };
    const edits = listed ? unsent(listed, redirects) : redirectroot || redirect404 ? redirects : null;
    if (edits) await api.updateDomain(id, edits);
    return [];
  },
  update: async (api, _key, id, patch) => {
    await api.updateDomain(id, patch);
    return [];
  },
  remove: (api, id) => api.deleteDomain(id),
  readable: { redirectroot: 'redirectroot', redirect404: 'redirect404' },
  labels: { domain: 'change.label.domain' },
});
