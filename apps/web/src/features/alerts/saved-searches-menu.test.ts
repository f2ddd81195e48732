// A saved search keeps the lead list's filters under the API's names: the URL's `q` is the API's `searchterm`.
import { describe, expect, it } from 'vitest';
import { filtersFromUrl, urlOfFilters } from './saved-searches-menu';

describe('saved search filters and the lead list URL', () => {
  it('reads the filters from the URL, leaving the page out', () => {
    expect(
      filtersFromUrl('?brand=hyundai&model=Creta&q=sunroof&page=3&price=500000-1000000&city='),
    ).toEqual({
      brand: 'hyundai',
      model: 'Creta',
      searchterm: 'sunroof',
      price: '500000-1000000',
    });
  });

  it('builds the lead list URL that applies them', () => {
    expect(urlOfFilters({ brand: 'hyundai', searchterm: 'sunroof', year: '2019' })).toBe(
      '/dealers/leads?brand=hyundai&q=sunroof&year=2019',
    );
    expect(urlOfFilters({})).toBe('/dealers/leads');
  });
});
