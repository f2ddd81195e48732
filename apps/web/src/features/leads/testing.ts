// Test helpers of the lead screens (not part of the app): lead fixtures; the API is test/fake-api.ts.
import type { Lead } from '@dealerleads/shared';
import { pagedJson, type PageOf } from '../../test/fake-api';

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

/** An answer of the lead list (60 a page), e.g. `leadsJson([swift], { totalItems: 1200 })`. */
export function leadsJson(leads: readonly Lead[], page: PageOf = {}) {
  return pagedJson(leads, { itemsPerPage: 60, ...page });
}
