// Test helpers of the lead screens (not part of the app): lead fixtures and a fake API answering by method and path.
import { vi } from 'vitest';
import type { Lead } from '@dealerleads/shared';
import { jsonResponse } from '../../test/render-route';

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 101,
    fullName: 'Rahul Verma',
    phoneNumber: 'XXXXXXX210',
    city: 'Noida',
    brand: 'maruti_suzuki',
    model: 'Swift',
    varient: 'VXi',
    rto: 'UP',
    year: 2019,
    fuelType: 'petrol',
    ownerName: 'first',
    transmission: 'manual',
    seats: 5,
    price: 525_000,
    kmDriven: 42_000,
    status: true,
    createdOn: '2025-03-04T09:05:06.000Z',
    listingStatus: 'open',
    unlocked: false,
    unlockCount: 0,
    maxDealers: 5,
    photos: [],
    marketPrice: null,
    priceVsMarket: null,
    phoneVerified: false,
    verifiedOn: null,
    ...overrides,
  };
}

export { pricePackages } from '../../test/price-list';

export function pageHeader(totalItems: number, currentPage = 1, extra: object = {}) {
  return {
    Pagination: JSON.stringify({
      currentPage,
      itemsPerPage: 60,
      totalItems,
      totalPages: Math.ceil(totalItems / 60),
      ...extra,
    }),
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch: `routes['GET /leads']` answers GET /api/leads (any query); unknown calls fail the test loudly. */
export function fakeApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const handler =
      routes[`${method} ${path}`] ??
      Object.entries(routes).find(([key]) => {
        const [m, pattern] = key.split(' ');
        return (
          m === method &&
          pattern?.includes(':') &&
          new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path)
        );
      })?.[1];
    if (!handler)
      return jsonResponse(
        { status: 500, message: `No fake for ${method} ${path}` },
        { status: 500 },
      );
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query of each call to a path, in call order. */
export function callsTo(fetchMock: ReturnType<typeof fakeApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
    }))
    .filter((call) => call.method === method && call.url.pathname === `/api${path}`)
    .map((call) => Object.fromEntries(call.url.searchParams));
}
