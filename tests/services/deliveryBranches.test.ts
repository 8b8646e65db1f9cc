import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findBranch,
  getAllBranches,
  getAllCombinedBranches,
  getBranches,
  getCombinedBranches,
  searchSettlements,
} from '../../src/api/delivery.ts';
import { isApiError } from '../../src/api/apiError.ts';
import type { FetchHandler } from '../../src/api/embedded.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { BRANCH_PAGE_LIMIT, branchListSchema, combinedBranchListSchema } from '../../src/api/schemas/delivery.ts';
import type { Branch, BranchList } from '../../src/api/schemas/delivery.ts';
import { createDeliveryShop, KYIV } from './deliverySupport.ts';
import type { DeliveryShop } from './deliverySupport.ts';

/**
 * Storefront spec §7 warehouses by city ({searchName, deliverySlug, sort by number ascending, limit,
 * page} → {items, total}; the remaining pages in parallel; combined warehouses), §8 (a failed fetch
 * is an empty list with total 0), §9 (page limit 500). Kyiv is the largest city: 656 Nova Poshta
 * branches, 1,181 lockers, 295 Justin and 369 Ukrposhta branches.
 */
let shop: DeliveryShop;
let lviv: number;

beforeAll(async () => {
  shop = await createDeliveryShop();
  const found = (await searchSettlements(shop.client(), 'Львів')).items[0];
  if (!found) throw new Error('no Lviv');
  lviv = found.id;
});
afterAll(() => shop.dispose());
afterEach(() => {
  vi.restoreAllMocks();
});

async function branches(settlementId: number, body: unknown): Promise<BranchList> {
  const response = await shop.post(`/public/settlement/${settlementId}/warehouse`, body);
  const json: unknown = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return branchListSchema.parse(json);
}

const numbers = (items: Branch[]): number[] => items.map((b) => b.number);
const oneTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('branches of a carrier (POST /public/settlement/{id}/warehouse)', () => {
  it('answers one carrier’s branches of the settlement sorted by number, numbered 1…N', async () => {
    const page = await branches(KYIV, {
      searchName: '',
      deliverySlug: 'np-warehouse',
      sort: { field: 'number', order: 'asc' },
      limit: 500,
      page: 0,
    });
    expect(page.total).toBe(656);
    expect(numbers(page.items)).toEqual(oneTo(500));
    expect(
      page.items.every((b) => b.deliverySlug === 'np-warehouse' && b.settlementId === KYIV && b.carrier === 1),
    ).toBe(true);
  });

  it('sorts descending when asked, and takes the spec’s defaults when the body leaves them out', async () => {
    const desc = await branches(lviv, { deliverySlug: 'np-warehouse', sort: { field: 'number', order: 'desc' } });
    expect(numbers(desc.items)).toEqual(oneTo(200).reverse());
    const defaults = await branches(lviv, { deliverySlug: 'np-warehouse' });
    expect(numbers(defaults.items)).toEqual(oneTo(200));
  });

  it.each(['17', '№17', '№ 17', '017'])(
    'finds branch №17 first when searched by its number (%s)',
    async (searchName) => {
      const { items, total } = await branches(KYIV, { searchName, deliverySlug: 'np-warehouse' });
      expect(items[0]?.number).toBe(17);
      expect(items[0]?.title).toMatch(/№17\b/);
      // Then the numbers that start with 17, in order, then other branches that mention 17.
      const prefixed = numbers(items).filter((n) => String(n).startsWith('17') && n !== 17);
      expect(numbers(items).slice(1, 1 + prefixed.length)).toEqual(prefixed);
      expect(prefixed).toEqual([...prefixed].sort((a, b) => a - b));
      expect(prefixed.length).toBeGreaterThanOrEqual(10);
      expect(total).toBe(items.length);
    },
  );

  it('finds branches by words of the address, in either language', async () => {
    const all = (await branches(KYIV, { deliverySlug: 'np-warehouse', limit: 500 })).items;
    const target = all[123];
    if (!target) throw new Error('no branch 124');
    for (const searchName of [target.addressUkr, target.address]) {
      const found = await branches(KYIV, { searchName, deliverySlug: 'np-warehouse' });
      expect(found.items.map((b) => b.id)).toContain(target.id);
      expect(found.total).toBeLessThan(20);
    }
    const khreshchatyk = await branches(KYIV, { searchName: 'хрещатик', deliverySlug: 'np-postbox' });
    expect(khreshchatyk.total).toBeGreaterThan(0);
    expect(khreshchatyk.items.every((b) => b.addressUkr.includes('Хрещатик'))).toBe(true);
    const russian = await branches(KYIV, { searchName: 'КРЕЩАТИК', deliverySlug: 'np-postbox' });
    expect(russian.items.map((b) => b.id)).toEqual(khreshchatyk.items.map((b) => b.id));
  });

  it('finds nothing for a number no branch has', async () => {
    expect(await branches(lviv, { searchName: '99999', deliverySlug: 'np-warehouse' })).toEqual({
      items: [],
      total: 0,
    });
  });

  it('pages with the spec’s limit of 500: the largest city’s 1,181 lockers are three pages', async () => {
    const pages = [0, 1, 2].map((page) => branches(KYIV, { deliverySlug: 'np-postbox', limit: 500, page }));
    const [first, second, third] = await Promise.all(pages);
    expect([first?.total, second?.total, third?.total]).toEqual([1181, 1181, 1181]);
    expect([first?.items.length, second?.items.length, third?.items.length]).toEqual([500, 500, 181]);
    expect(numbers([first, second, third].flatMap((p) => p?.items ?? []))).toEqual(oneTo(1181));
    expect((await branches(KYIV, { deliverySlug: 'np-postbox', page: 3 })).items).toEqual([]);
  });

  it('refuses a page larger than 500, naming the field', async () => {
    const response = await shop.post(`/public/settlement/${KYIV}/warehouse`, {
      deliverySlug: 'np-postbox',
      limit: BRANCH_PAGE_LIMIT + 1,
    });
    expect(response.status).toBe(400);
    expect(serviceErrorSchema.parse(await response.json()).message).toMatch(/field limit/);
  });

  it('is a 404 for an unknown settlement', async () => {
    expect((await shop.post('/public/settlement/42/warehouse', { deliverySlug: 'np-warehouse' })).status).toBe(404);
  });

  it('describes each branch: both languages, hours, weight limits (lockers 30 kg, branches up to 1,000 kg or none)', async () => {
    const lockers = (await branches(lviv, { deliverySlug: 'np-postbox' })).items;
    expect(lockers.every((b) => b.maxWeight === 30 && b.titleUkr.startsWith('Поштомат'))).toBe(true);
    const np = (await branches(lviv, { deliverySlug: 'np-warehouse' })).items;
    const limits = new Set(np.map((b) => b.maxWeight));
    expect(limits).toEqual(new Set([30, 1000, null]));
    for (const b of [...lockers, ...np]) {
      expect(b.address).not.toMatch(/^(вул|пров)\. /);
      expect(b.addressUkr).not.toMatch(/^(ул|пер)\. /);
      expect(b.schedule).not.toBe('');
      expect(b.scheduleUkr).toBeTruthy();
      expect(Math.abs(b.latitude - 49.84)).toBeLessThan(0.1);
    }
    expect(np.filter((b) => b.maxWeight === null).every((b) => b.title.startsWith('Грузовое'))).toBe(true);
  });
});

describe('the typed client reads every page (spec §7) and answers an empty list on failure (spec §8)', () => {
  /** Records each warehouse call's page, and how many calls were in flight at most. */
  function watched(delayMs = 5): { pages: number[]; maxInFlight: number[]; wrap: (f: FetchHandler) => FetchHandler } {
    const pages: number[] = [];
    const maxInFlight: number[] = [];
    let inFlight = 0;
    return {
      pages,
      maxInFlight,
      wrap: (fetch) => async (request) => {
        const body: unknown = await request.clone().json();
        const page = typeof body === 'object' && body !== null && 'page' in body ? Number(body.page) : NaN;
        pages.push(page);
        inFlight += 1;
        maxInFlight.push(inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          return await fetch(request);
        } finally {
          inFlight -= 1;
        }
      },
    };
  }

  it('reads the first page, then the remaining pages in parallel, and merges them in order', async () => {
    const watch = watched();
    const all = await getAllBranches(shop.client(watch.wrap), KYIV, 'np-postbox');
    expect(all.total).toBe(1181);
    expect(numbers(all.items)).toEqual(oneTo(1181));
    expect(watch.pages).toEqual([0, 1, 2]);
    // The first page alone, then pages 1 and 2 together.
    expect(watch.maxInFlight).toEqual([1, 1, 2]);
  });

  it('reads one page when it holds every match, with the search applied', async () => {
    const watch = watched(0);
    const found = await getAllBranches(shop.client(watch.wrap), KYIV, 'np-warehouse', '17');
    expect(found.items[0]?.number).toBe(17);
    expect(watch.pages).toEqual([0]);
  });

  it('gives an empty list with total 0, and logs, when a later page fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failSecondPage =
      (fetch: FetchHandler): FetchHandler =>
      async (request) => {
        const body: unknown = await request.clone().json();
        if (typeof body === 'object' && body !== null && 'page' in body && body.page === 2) {
          return Response.json({ code: 500, message: 'Internal error' }, { status: 500 });
        }
        return fetch(request);
      };
    expect(await getAllBranches(shop.client(failSecondPage), KYIV, 'np-postbox')).toEqual({ items: [], total: 0 });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/np-postbox.*9812/);
  });

  it('gives an empty list with total 0 when the service cannot be reached or answers nonsense', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = (): FetchHandler => () => Promise.reject(new TypeError('fetch failed'));
    expect(await getAllBranches(shop.client(down), KYIV, 'np-warehouse')).toEqual({ items: [], total: 0 });
    const nonsense = (): FetchHandler => () => Promise.resolve(Response.json({ items: 'none' }));
    expect(await getAllBranches(shop.client(nonsense), KYIV, 'np-warehouse')).toEqual({ items: [], total: 0 });
    expect(await getAllBranches(shop.client(), 42, 'np-warehouse')).toEqual({ items: [], total: 0 });
  });

  it('getBranches reads one page and rejects with the ApiError', async () => {
    const page = await getBranches(shop.client(), lviv, { deliverySlug: 'u-warehouse', limit: 50, page: 1 });
    expect(numbers(page.items)).toEqual(oneTo(100).slice(50));
    await expect(getBranches(shop.client(), 42, { deliverySlug: 'u-warehouse' })).rejects.toSatisfy(
      (error) => isApiError(error) && error.status === 404,
    );
  });

  it('a ref narrows the search to that one branch (one small answer, however big the city)', async () => {
    const all = await getAllBranches(shop.client(), KYIV, 'np-postbox');
    const deep = all.items[1099];
    if (!deep) throw new Error('no locker 1100');
    const narrowed = await getBranches(shop.client(), KYIV, { deliverySlug: 'np-postbox', ref: deep.ref });
    expect(narrowed).toEqual({ items: [deep], total: 1 });
    const words = await getBranches(shop.client(), KYIV, {
      deliverySlug: 'np-postbox',
      ref: deep.ref,
      searchName: 'zzz',
    });
    expect(words).toEqual({ items: [], total: 0 });
  });

  it('findBranch finds a branch by its ref on any page, null when there is none, and rejects on an outage', async () => {
    const all = await getAllBranches(shop.client(), KYIV, 'np-postbox');
    const deep = all.items[1099];
    if (!deep) throw new Error('no locker 1100');
    expect(await findBranch(shop.client(), KYIV, 'np-postbox', deep.ref)).toEqual(deep);
    expect(await findBranch(shop.client(), KYIV, 'np-postbox', 'no-such-ref')).toBeNull();
    expect(await findBranch(shop.client(), 42, 'np-postbox', deep.ref)).toBeNull();
    // Another carrier's or another city's branch is not this one.
    expect(await findBranch(shop.client(), KYIV, 'np-warehouse', deep.ref)).toBeNull();
    expect(await findBranch(shop.client(), lviv, 'np-postbox', deep.ref)).toBeNull();
    const down = (): FetchHandler => () => Promise.reject(new TypeError('fetch failed'));
    await expect(findBranch(shop.client(down), KYIV, 'np-postbox', deep.ref)).rejects.toSatisfy(isApiError);
  });
});

describe('combined branches (POST /public/settlement/{id}/warehouse/combined)', () => {
  it('answers every carrier’s branches of the settlement together, by carrier then number, with totals per carrier', async () => {
    const response = await shop.post(`/public/settlement/${lviv}/warehouse/combined`, { limit: 500 });
    const combined = combinedBranchListSchema.parse(await response.json());
    expect(combined.carriers).toEqual([
      { deliverySlug: 'np-warehouse', total: 200 },
      { deliverySlug: 'np-postbox', total: 300 },
      { deliverySlug: 'justin-warehouse', total: 200 },
      { deliverySlug: 'u-warehouse', total: 200 },
    ]);
    expect(combined.total).toBe(900);
    expect(combined.items.slice(0, 200).every((b) => b.deliverySlug === 'np-warehouse')).toBe(true);
    expect(numbers(combined.items.slice(200, 500))).toEqual(oneTo(300));
  });

  it('searches across carriers: the branches of that number first, the carriers in the order asked', async () => {
    const found = await getCombinedBranches(shop.client(), KYIV, {
      searchName: '17',
      deliverySlugs: ['u-warehouse', 'np-warehouse'],
    });
    expect(found.items.slice(0, 2).map((b) => [b.deliverySlug, b.number])).toEqual([
      ['u-warehouse', 17],
      ['np-warehouse', 17],
    ]);
    expect(found.carriers.map((c) => c.deliverySlug)).toEqual(['u-warehouse', 'np-warehouse']);
    // Nothing typed: the first carrier asked fills the first page (the checkout's chosen carrier).
    const first = await getCombinedBranches(shop.client(), KYIV, {
      deliverySlugs: ['justin-warehouse', 'np-warehouse'],
      limit: 30,
    });
    expect(first.items.every((b) => b.deliverySlug === 'justin-warehouse')).toBe(true);
    expect(first.total).toBe(295 + 656);
  });

  it('getAllCombinedBranches reads every page of the largest city', async () => {
    const all = await getAllCombinedBranches(shop.client(), KYIV);
    expect(all.total).toBe(656 + 1181 + 295 + 369);
    expect(all.items).toHaveLength(all.total);
    expect(new Set(all.items.map((b) => b.id)).size).toBe(all.total);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = (): FetchHandler => () => Promise.reject(new TypeError('fetch failed'));
    expect(await getAllCombinedBranches(shop.client(down), KYIV)).toEqual({ items: [], total: 0, carriers: [] });
  });

  it('refuses a carrier without branches and a repeated one, naming the field', async () => {
    for (const deliverySlugs of [['np-courier'], ['np-warehouse', 'np-warehouse'], []]) {
      const response = await shop.post(`/public/settlement/${KYIV}/warehouse/combined`, { deliverySlugs });
      expect(response.status).toBe(400);
      expect(serviceErrorSchema.parse(await response.json()).message).toMatch(/deliverySlugs/);
    }
  });
});

describe('how many branches a place has does not depend on the seed', () => {
  it('gives Kyiv the same branch numbers under another seed', async () => {
    const other = await createDeliveryShop(7);
    try {
      const combined = await getCombinedBranches(other.client(), KYIV, { limit: 1 });
      expect(combined.carriers.map((c) => c.total)).toEqual([656, 1181, 295, 369]);
    } finally {
      other.dispose();
    }
  });
});
