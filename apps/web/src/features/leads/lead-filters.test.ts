// The lead list's URL: filters, search and page read from and written to the query string, named as the API names them.
import { describe, expect, it } from 'vitest';
import * as listUrl from '../../hooks/use-page-and-search';
import {
  EMPTY_LEAD_LIST_QUERY,
  PAGE_PARAM,
  SEARCH_PARAM,
  formatTotal,
  pagesToShow,
  parseLeadListQuery,
  searchToSend,
  toApiQuery,
  toSearchParams,
  withFilter,
  withPage,
  withSearch,
} from './lead-filters';

const parse = (search: string) => parseLeadListQuery(new URLSearchParams(search));

describe('filters ↔ URL', () => {
  it('names the page and search as every list does', () => {
    expect([PAGE_PARAM, SEARCH_PARAM]).toEqual([listUrl.PAGE_PARAM, listUrl.SEARCH_PARAM]);
  });

  it('reads every filter, the search and the page from the URL', () => {
    expect(
      parse(
        'city=Noida&brand=maruti_suzuki&model=Swift&varient=VXi&fuel=petrol&ownerName=first&rto=UP' +
          '&transmission=manual&price=500000-549999&KmDriven=100000-&year=2019&seats=5' +
          '&q=rahul&page=3',
      ),
    ).toEqual({
      filters: {
        city: 'Noida',
        brand: 'maruti_suzuki',
        model: 'Swift',
        varient: 'VXi',
        fuel: 'petrol',
        ownerName: 'first',
        rto: 'UP',
        transmission: 'manual',
        price: '500000-549999',
        KmDriven: '100000-',
        year: '2019',
        seats: '5',
      },
      searchterm: 'rahul',
      pageNumber: 3,
    });
  });

  it('writes the same URL back, in a stable order, without defaults', () => {
    const search = 'brand=maruti_suzuki&model=Swift&fuel=diesel&year=2020&q=noida&page=2';
    expect(toSearchParams(parse(search)).toString()).toBe(search);
    expect(toSearchParams(parse('page=2&model=Swift&brand=maruti_suzuki')).toString()).toBe(
      'brand=maruti_suzuki&model=Swift&page=2',
    );
    expect(toSearchParams(EMPTY_LEAD_LIST_QUERY).toString()).toBe('');
  });

  it('keeps verified=true, and only true, as the API reads it', () => {
    expect(parse('verified=true&city=Noida').filters).toEqual({ city: 'Noida', verified: 'true' });
    for (const other of ['false', 'yes', '1', ''])
      expect(parse(`verified=${other}`).filters).toEqual({});
    expect(toSearchParams(parse('verified=true&city=Noida')).toString()).toBe(
      'city=Noida&verified=true',
    );
    expect(toApiQuery(parse('verified=true'))).toMatchObject({ verified: 'true' });
    expect(withFilter(parse('verified=true&page=4'), 'verified', '').filters).toEqual({});
  });

  it('drops values the API would refuse, so a bad link still lists leads', () => {
    expect(
      parse('year=abc&seats=99&price=cheap&KmDriven=50-10&page=-4&brand=%20%20&foo=bar'),
    ).toEqual(EMPTY_LEAD_LIST_QUERY);
    expect(parse('page=0').pageNumber).toBe(1);
    expect(parse(`city=${'x'.repeat(101)}`).filters).toEqual({});
  });

  it('takes several cities, a year and newer, open ranges and an order, and sends them as the API reads them', () => {
    const query = parse(
      'city=Noida,%20Gurugram,,Noida&year=2018-&price=-299999&KmDriven=-29999&sort=price_asc',
    );
    expect(query.filters).toEqual({
      city: 'Noida,Gurugram',
      year: '2018-',
      price: '-299999',
      KmDriven: '-29999',
      sort: 'price_asc',
    });
    expect(toApiQuery(query)).toMatchObject({ city: 'Noida,Gurugram', sort: 'price_asc' });
    // Newest first is the default: not in the URL; an unknown order is dropped.
    expect(parse('sort=newest').filters).toEqual({});
    expect(parse('sort=cheapest').filters).toEqual({});
    expect(parse('year=18-').filters).toEqual({});
  });

  it('clears model and variant when the brand changes, the variant when the model changes', () => {
    const swift = parse('brand=maruti_suzuki&model=Swift&varient=VXi&fuel=petrol&page=4');
    const hyundai = withFilter(swift, 'brand', 'hyundai');
    expect(hyundai.filters).toEqual({ brand: 'hyundai', fuel: 'petrol' });
    expect(hyundai.pageNumber).toBe(1);
    expect(withFilter(swift, 'model', 'Baleno').filters).toEqual({
      brand: 'maruti_suzuki',
      model: 'Baleno',
      fuel: 'petrol',
    });
    // Choosing the same brand again keeps the rest.
    expect(withFilter(swift, 'brand', 'maruti_suzuki').filters).toEqual(swift.filters);
    // '' removes the filter.
    expect(withFilter(swift, 'fuel', '').filters).toEqual({
      brand: 'maruti_suzuki',
      model: 'Swift',
      varient: 'VXi',
    });
  });

  it('goes back to page 1 on a new search, keeps filters on a page change', () => {
    const query = parse('brand=kia&page=5');
    expect(toSearchParams(withSearch(query, '  seltos ')).toString()).toBe('brand=kia&q=seltos');
    expect(toSearchParams(withPage(query, 6)).toString()).toBe('brand=kia&page=6');
    expect(toSearchParams(withPage(query, 1)).toString()).toBe('brand=kia');
  });

  it('asks the API for the URL state with page size 60', () => {
    expect(toApiQuery(parse('brand=kia&KmDriven=0-9999&q=delhi&page=2'))).toEqual({
      pageNumber: 2,
      pageSize: 60,
      brand: 'kia',
      KmDriven: '0-9999',
      searchterm: 'delhi',
    });
  });

  it('searches with none or 2+ letters only', () => {
    expect(searchToSend('')).toBe('');
    expect(searchToSend('  ')).toBe('');
    expect(searchToSend('h')).toBeNull();
    expect(searchToSend(' ho ')).toBe('ho');
  });

  it("shows a capped total as '10,000+'", () => {
    expect(formatTotal({ totalItems: 5000 })).toBe('5,000');
    expect(formatTotal({ totalItems: 10_000, totalCapped: true })).toBe('10,000+');
  });

  it('offers the pages past a capped total while pages come back full', () => {
    const counted = { currentPage: 4, itemsPerPage: 60, totalItems: 200, totalPages: 4 };
    // Exact totals stand as they are.
    expect(pagesToShow(counted, 20)).toEqual(counted);
    const capped = { ...counted, totalCapped: true };
    // Page 4 full: page 5 is offered, and 240 leads have been seen.
    expect(pagesToShow(capped, 60)).toEqual({ ...capped, totalItems: 240, totalPages: 5 });
    // A short page ends the list.
    expect(pagesToShow({ ...capped, currentPage: 6 }, 12)).toEqual({
      ...capped,
      currentPage: 6,
      totalItems: 312,
      totalPages: 6,
    });
    // Within the counted pages nothing changes.
    expect(pagesToShow({ ...capped, currentPage: 1 }, 60)).toEqual({ ...capped, currentPage: 1 });
  });
});
