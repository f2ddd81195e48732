// canonicalLeadFilter: catalogue spellings whatever was asked, several values, year ranges, search words and orders.
import { describe, expect, it } from 'vitest';
import { canonicalLeadFilter } from './lead-filters';

const page = { pageNumber: 1, pageSize: 10 };
const canonical = (filter: Record<string, string>) =>
  canonicalLeadFilter({ ...page, ...filter }, false);

describe('canonical lead filter', () => {
  it('spells a variant as the catalogue does, from any model or from the one named', () => {
    expect(canonical({ varient: 'vxi amt' }).varient).toEqual(['VXi AMT']);
    expect(canonical({ varient: 'ZETA' }).varient).toEqual(['Zeta']);
    expect(canonical({ brand: 'maruti_suzuki', model: 'Swift', varient: 'zxi' }).varient).toEqual([
      'ZXi',
    ]);
    // Not in the catalogue: kept as asked (it matches nothing).
    expect(canonical({ varient: 'Turbo Max' }).varient).toEqual(['Turbo Max']);
  });

  it('takes several comma-separated values of every equality filter, each in its stored form', () => {
    const filter = canonical({
      city: 'noida, Gurgaon,noida',
      brand: 'Hyundai,maruti suzuki',
      fuel: 'Diesel,CNG',
      seats: '5,7',
    });
    expect(filter.city).toEqual(['Noida', 'Gurugram']);
    expect(filter.brand).toEqual(['hyundai', 'maruti_suzuki']);
    expect(filter.fuelType).toEqual(['diesel', 'cng']);
    expect(filter.seats).toEqual([5, 7]);
  });

  it('reads a year, a list of years, or a range open at either end', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(canonical({ year: '2019' }).year).toEqual([2019]);
    expect(canonical({ year: '2018,2020' }).year).toEqual([2018, 2020]);
    expect(canonical({ year: '2015-2017' }).year).toEqual([2015, 2016, 2017]);
    expect(canonical({ year: '2024-' }).year).toEqual(
      Array.from({ length: next - 2023 }, (_, i) => 2024 + i),
    );
    expect(canonical({ year: '-1902' }).year).toEqual([1900, 1901, 1902]);
  });

  it('reads price and kilometre ranges open at either end', () => {
    expect(canonical({ price: '-500000' }).price).toEqual({ min: 0, max: 500_000 });
    expect(canonical({ KmDriven: '30000-' }).kmDriven).toEqual({ min: 30_000 });
  });

  it('splits a search into words a lead must all have, keeping aliases of several words whole', () => {
    expect(canonical({ searchterm: 'Hyundai  Creta' }).search).toEqual([['hyundai'], ['creta']]);
    expect(canonical({ searchterm: 'swift dzire' }).search).toEqual([['swift dzire', 'dzire']]);
    expect(canonical({ searchterm: 'wagon r' }).search).toEqual([['wagon r', 'wagonr']]);
    expect(canonical({ searchterm: 'maruti alto' }).search).toEqual([
      ['maruti', 'maruti suzuki'],
      ['alto'],
    ]);
  });

  it('reads a search word naming a fuel or a gearbox as that filter', () => {
    const filter = canonical({ searchterm: 'creta diesel automatic' });
    expect(filter.search).toEqual([['creta']]);
    expect(filter.fuelType).toEqual(['diesel']);
    expect(filter.transmission).toEqual(['automatic']);
    // Both the filter and the word apply: a petrol filter and "diesel" match nothing.
    expect(canonical({ fuel: 'petrol', searchterm: 'diesel' }).fuelType).toEqual([]);
    expect(canonical({ searchterm: 'diesel' }).search).toBeUndefined();
  });

  it('keeps the order unless it is newest first, the default', () => {
    expect(canonical({ sort: 'price_asc' }).sort).toBe('price_asc');
    expect(canonical({ sort: 'newest' }).sort).toBeUndefined();
  });
});
