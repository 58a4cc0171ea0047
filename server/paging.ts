import { badRequest } from './http/errors';

/**
 * Documented defaults: 15 per page; at most 100 unless --max-limit says otherwise (a larger
 * limit is clamped, and `perpage` says so).
 */
export const DEFAULT_LIMIT = 15;
export const DEFAULT_MAX_LIMIT = 100;

export interface Paging {
  page: number;
  perpage: number;
  offset: number;
}

function positiveInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`${name}: must be a whole number of 1 or more`);
  return Number(raw);
}

export function paging(query: URLSearchParams, maxLimit: number): Paging {
  const page = positiveInt(query, 'page', 1);
  const perpage = Math.min(positiveInt(query, 'limit', DEFAULT_LIMIT), maxLimit);
  return { page, perpage, offset: (page - 1) * perpage };
}
