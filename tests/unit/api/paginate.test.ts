import { describe, expect, it } from 'vitest';
import { LARGEST_PAGE_REQUEST, walkPages } from '@/lib/api/paginate';
import type { Page } from '@/lib/api/schemas/envelope';

/** A list of `total` numbers served `perpage` at a time, with a chosen last-page `nextpage`. */
function server(total: number, perpage: number, lastNext: (page: number, maxpage: number) => number | null) {
  const calls: { page: number; limit: number }[] = [];
  const maxpage = Math.max(1, Math.ceil(total / perpage));
  const fetchPage = async (page: number, limit: number): Promise<Page<number>> => {
    calls.push({ page, limit });
    const items = Array.from({ length: total }, (_, i) => i).slice((page - 1) * perpage, page * perpage);
    return {
      items,
      rejected: [],
      perpage,
      currentpage: page,
      maxpage,
      nextpage: page < maxpage ? page + 1 : lastNext(page, maxpage),
    };
  };
  return { fetchPage, calls };
}

async function walk(fetchPage: (page: number, limit: number) => Promise<Page<number>>) {
  const out: number[] = [];
  for await (const page of walkPages(fetchPage)) out.push(...page.items);
  return out;
}

describe('walkPages stops correctly whatever nextpage says on the last page', () => {
  it.each([
    ['0', () => 0],
    ['the same page', (p: number) => p],
    ['past maxpage', (_p: number, max: number) => max + 1],
    ['missing', () => null],
  ])('nextpage %s', async (_name, lastNext) => {
    const { fetchPage, calls } = server(250, 100, lastNext);
    expect(await walk(fetchPage)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('asks for the largest page and learns the real size from perpage', async () => {
    const { fetchPage, calls } = server(10, 100, () => 0);
    await walk(fetchPage);
    expect(calls).toEqual([{ page: 1, limit: LARGEST_PAGE_REQUEST }]);
  });

  it('stops on an empty list, and when the service keeps answering with page 1', async () => {
    const empty = server(0, 100, () => 0);
    expect(await walk(empty.fetchPage)).toEqual([]);
    expect(empty.calls).toHaveLength(1);

    const stuck: Page<number> = { items: [1, 2], rejected: [], perpage: 2, currentpage: 1, maxpage: 999, nextpage: 2 };
    let calls = 0;
    const result = await walk(async () => {
      calls++;
      return stuck;
    });
    expect(calls).toBe(2);
    expect(result).toEqual([1, 2]);
  });

  it('counts records that were set aside, so a bad record does not end the walk early', async () => {
    let calls = 0;
    await walk(async (page) => {
      calls++;
      return {
        items: page === 1 ? [1] : [],
        rejected: page === 1 ? [{ index: 1, field: 'x', message: 'bad' }] : [],
        perpage: 2,
        currentpage: page,
        maxpage: 2,
        nextpage: 0,
      };
    });
    expect(calls).toBe(2);
  });
});
