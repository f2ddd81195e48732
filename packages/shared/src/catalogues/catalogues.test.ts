// Checks of the catalogues: vehicles and what each model was sold with, locations and the price/km bands.
import { describe, it, expect } from 'vitest';
import type { Option } from './options';
import {
  CITY_RTO_STATE,
  INDIAN_STATES,
  KM_BANDS,
  NCR_CITIES,
  PRICE_BANDS,
  RTO_CODES,
  VEHICLE_BRANDS,
  CITY_ALIASES,
  FILTER_SEATS,
  OLDEST_LEAD_YEAR,
  canonicalCity,
  carChoices,
  catalogueSeatCounts,
  currentYear,
  describeYears,
  findBrand,
  findBrandByName,
  findCity,
  findModel,
  findVariant,
  leadYearOptions,
  modelYears,
  parseBand,
  resolvedVariants,
  spanBounds,
  spanIncludes,
  variantsIn,
} from './index';
import type { Band } from './index';

const cmp = (a: string, b: string) => a.localeCompare(b, 'en');
const sortedCopy = (list: readonly string[]) => [...list].sort(cmp);

describe('VEHICLE_BRANDS', () => {
  it('has about 40 brands sorted by label', () => {
    expect(VEHICLE_BRANDS.length).toBeGreaterThanOrEqual(35);
    expect(VEHICLE_BRANDS.length).toBeLessThanOrEqual(45);
    const labels = VEHICLE_BRANDS.map((b) => b.label);
    expect(labels).toEqual(sortedCopy(labels));
  });

  it('has unique lowercase slugs and labels', () => {
    const values = VEHICLE_BRANDS.map((b) => b.value);
    for (const value of values) expect(value).toMatch(/^[a-z0-9_]+$/);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(VEHICLE_BRANDS.map((b) => b.label)).size).toBe(values.length);
  });

  it('gives every brand at least 2 uniquely named models', () => {
    for (const brand of VEHICLE_BRANDS) {
      expect(brand.models.length, brand.value).toBeGreaterThanOrEqual(2);
      const names = brand.models.map((m) => m.name.toLowerCase());
      expect(new Set(names).size, brand.value).toBe(names.length);
    }
  });

  it('gives every model at least 2 sorted, unique variants', () => {
    for (const brand of VEHICLE_BRANDS) {
      for (const model of brand.models) {
        const where = `${brand.value}/${model.name}`;
        expect(model.name.trim(), where).toBe(model.name);
        expect(model.variants.length, where).toBeGreaterThanOrEqual(2);
        expect(model.variants, where).toEqual(sortedCopy(model.variants));
        expect(new Set(model.variants).size, where).toBe(model.variants.length);
        for (const v of model.variants) expect(v.trim(), where).toBe(v);
      }
    }
  });

  it('contains the well-known slugs and labels', () => {
    expect(findBrand('maruti_suzuki')?.label).toBe('Maruti Suzuki');
    expect(findBrand('land_rover')?.label).toBe('Land Rover');
    expect(findBrand('mercedes')?.label).toBe('Mercedes-Benz');
    expect(findBrand('mg')?.label).toBe('MG');
    expect(findModel('maruti_suzuki', 'Swift')?.variants).toContain('VXi AMT');
    expect(findModel('hyundai', 'Creta')?.variants).toContain('SX(O)');
  });

  it('finds brands and models case-insensitively', () => {
    expect(findBrand('TOYOTA')?.value).toBe('toyota');
    expect(findBrand('Land_Rover')?.value).toBe('land_rover');
    expect(findModel('ISUZU', 'd-max')?.name).toBe('D-Max');
    expect(findModel('toyota', 'corolla')?.name).toBe('Corolla');
    expect(findBrand('nope')).toBeUndefined();
    expect(findModel('toyota', 'Nope')).toBeUndefined();
    expect(findModel('nope', 'Corolla')).toBeUndefined();
  });
});

describe('what the catalogue says each model was sold with', () => {
  const models = VEHICLE_BRANDS.flatMap((brand) =>
    brand.models.map((model) => ({ brand, model, where: `${brand.value}/${model.name}` })),
  );
  const now = new Date('2026-11-23T12:00:00Z');

  it('gives every model years, fuels, gearboxes, seats, body, segment and a new price', () => {
    for (const { model, where } of models) {
      expect(model.fuels.length, where).toBeGreaterThan(0);
      expect(model.transmissions.length, where).toBeGreaterThan(0);
      expect(model.seats.length, where).toBeGreaterThan(0);
      const [from, to] = spanBounds(model.years, now);
      expect(from, where).toBeGreaterThanOrEqual(1950);
      expect(to, where).toBeGreaterThanOrEqual(from);
      expect(to, where).toBeLessThanOrEqual(2026);
      expect(model.priceLakh[0], where).toBeGreaterThan(2);
      expect(model.priceLakh[1], where).toBeGreaterThanOrEqual(model.priceLakh[0]);
    }
  });

  it('makes electric models electric and automatic, and nothing else electric', () => {
    for (const { model, where } of models) {
      for (const v of resolvedVariants(model).values()) {
        if (v.fuels.includes('electric')) {
          expect(v.fuels, `${where} ${v.name}`).toEqual(['electric']);
          expect(v.transmissions, `${where} ${v.name}`).toEqual(['automatic']);
        }
      }
    }
    for (const [brand, name] of [
      ['tata', 'Nexon EV'],
      ['lotus', 'Eletre'],
      ['mg', 'Comet EV'],
      ['byd', 'Atto 3'],
      ['bmw', 'iX'],
    ] as const) {
      expect(findModel(brand, name)?.fuels).toEqual(['electric']);
    }
    expect(findModel('tata', 'Nexon')?.fuels).not.toContain('electric');
  });

  it('makes variants named AT, AMT, AGS, CVT, DCT or DSG automatic, and plain twins manual', () => {
    for (const { model, where } of models) {
      for (const v of resolvedVariants(model).values()) {
        if (/\b(AT|AMT|AGS|CVT|DCT|DSG)\b/.test(v.name)) {
          expect(v.transmissions, `${where} ${v.name}`).toEqual(['automatic']);
        }
      }
    }
    const swift = findModel('maruti_suzuki', 'Swift')!;
    expect(findVariant(swift, 'VXi AMT')?.transmissions).toEqual(['automatic']);
    expect(findVariant(swift, 'VXi')?.transmissions).toEqual(['manual']);
    expect(findVariant(swift, 'VXi CNG')?.fuels).toEqual(['cng']);
    expect(findVariant(swift, 'VXi')?.fuels).toEqual(['petrol']);
    expect(findVariant(swift, 'VDi')?.fuels).toEqual(['diesel']);
    const cClass = findModel('mercedes', 'C-Class')!;
    expect(findVariant(cClass, 'C 220d')?.fuels).toEqual(['diesel']);
    expect(findVariant(cClass, 'C 200')?.fuels).toEqual(['petrol']);
    expect(findVariant(findModel('porsche', 'Taycan')!, 'Turbo')?.fuels).toEqual(['electric']);
  });

  it('keeps every variant inside its model: years, fuels, gearboxes and a variant for most years', () => {
    for (const { model, where } of models) {
      const years = modelYears(model, now);
      for (const v of resolvedVariants(model).values()) {
        const what = `${where} ${v.name}`;
        for (const f of v.fuels) expect(model.fuels, what).toContain(f);
        for (const t of v.transmissions) expect(model.transmissions, what).toContain(t);
        expect(years.some((y) => spanIncludes(v.years, y)) || years.length === 0, what).toBe(true);
      }
      for (const [value, span] of Object.entries(model.limits ?? {})) {
        expect([...model.fuels, ...model.transmissions], `${where} ${value}`).toContain(value);
        expect(
          years.some((y) => spanIncludes(span, y)),
          `${where} ${value}`,
        ).toBe(true);
      }
    }
  });

  it('knows when models came and went (Chevrolet left India in 2017)', () => {
    for (const model of findBrand('chevrolet')!.models) {
      expect(spanBounds(model.years, now)[1], model.name).toBeLessThanOrEqual(2017);
    }
    expect(modelYears(findModel('tata', 'Nexon EV')!, now).at(-1)).toBe(2020);
    expect(modelYears(findModel('byd', 'Sealion 7')!, now)).toEqual([2026, 2025]);
    expect(modelYears(findModel('honda', 'Civic')!, now)).not.toContain(2016);
    expect(modelYears(findModel('maruti_suzuki', 'Swift')!, now)[0]).toBe(2026);
  });

  it('seats exotics as exotics and has seat counts the Seats filter lists', () => {
    expect(findModel('ferrari', 'SF90')?.seats).toEqual([2]);
    expect(findModel('lamborghini', 'Huracan')?.seats).toEqual([2]);
    for (const seats of catalogueSeatCounts()) {
      expect(seats).toBeGreaterThanOrEqual(FILTER_SEATS.min);
      expect(seats).toBeLessThanOrEqual(FILTER_SEATS.max);
    }
  });

  it('prices segments in order: an exotic costs crores, an entry car a few lakh', () => {
    for (const { model, where } of models) {
      if (model.segment === 'exotic') expect(model.priceLakh[0], where).toBeGreaterThanOrEqual(150);
      if (model.segment === 'luxury') expect(model.priceLakh[0], where).toBeGreaterThanOrEqual(28);
      if (model.segment === 'entry') expect(model.priceLakh[1], where).toBeLessThanOrEqual(8);
    }
  });

  it('narrows fuels and gearboxes by year', () => {
    const city = findModel('honda', 'City')!;
    expect(carChoices(city, 2010).fuels).toEqual(['petrol']);
    expect(carChoices(city, 2018).fuels).toEqual(['petrol', 'diesel']);
    expect(carChoices(city, 2024).fuels).toEqual(['petrol', 'hybrid']);
    expect(carChoices(city, 2024, 'ZX e:HEV')).toEqual({
      fuels: ['hybrid'],
      transmissions: ['automatic'],
      seats: [5],
    });
    expect(variantsIn(findModel('tata', 'Nexon')!, 2018).map((v) => v.name)).toEqual([
      'XE',
      'XM',
      'XZ',
      'XZ Plus',
    ]);
  });

  it('finds brands by slug or label in any case, and years to the current year in India', () => {
    expect(findBrandByName('MARUTI SUZUKI')?.value).toBe('maruti_suzuki');
    expect(findBrandByName('Mercedes-Benz')?.value).toBe('mercedes');
    expect(findBrandByName('land_rover')?.value).toBe('land_rover');
    expect(findBrandByName('Nope')).toBeUndefined();
    expect(currentYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
    expect(leadYearOptions(now)[0]).toBe(2026);
    expect(leadYearOptions(now).at(-1)).toBe(OLDEST_LEAD_YEAR);
    expect(describeYears([2006, 2007, 2008, 2019, 2020])).toBe('2006–2008, 2019–2020');
  });
});

describe('locations', () => {
  it('lists about 23 sorted, unique NCR cities, each with an RTO state', () => {
    expect(NCR_CITIES.length).toBeGreaterThanOrEqual(20);
    expect(NCR_CITIES.length).toBeLessThanOrEqual(26);
    expect(NCR_CITIES).toEqual(sortedCopy(NCR_CITIES));
    expect(new Set(NCR_CITIES).size).toBe(NCR_CITIES.length);
    const codes: readonly string[] = RTO_CODES.map((r) => r.value);
    for (const city of NCR_CITIES) expect(codes, city).toContain(CITY_RTO_STATE[city]);
    expect(Object.keys(CITY_RTO_STATE).sort(cmp)).toEqual(sortedCopy(NCR_CITIES));
    expect(CITY_RTO_STATE['New Delhi']).toBe('DL');
    expect(CITY_RTO_STATE['Gurugram']).toBe('HR');
    expect(CITY_RTO_STATE['Noida']).toBe('UP');
    expect(CITY_RTO_STATE['Alwar']).toBe('RJ');
  });

  it('lists the Indian states and union territories, sorted and unique', () => {
    for (const s of ['Delhi', 'Andhra Pradesh', 'West Bengal', 'Puducherry', 'Lakshadweep']) {
      expect(INDIAN_STATES).toContain(s);
    }
    expect(INDIAN_STATES).toEqual(sortedCopy(INDIAN_STATES));
    expect(new Set(INDIAN_STATES).size).toBe(INDIAN_STATES.length);
  });

  it('knows other names of catalogue cities', () => {
    expect(findCity(' gurgaon ')).toBe('Gurugram');
    expect(findCity('DELHI')).toBe('New Delhi');
    expect(findCity('Noida')).toBe('Noida');
    expect(findCity('Mumbai')).toBeUndefined();
    for (const city of Object.values(CITY_ALIASES)) expect(NCR_CITIES).toContain(city);
  });

  it('canonicalises city spellings', () => {
    expect(canonicalCity('  gurugram ')).toBe('Gurugram');
    expect(canonicalCity('GREATER  noida')).toBe('Greater Noida');
    expect(canonicalCity('new  town')).toBe('New Town');
    expect(canonicalCity('MUMBAI')).toBe('Mumbai');
    expect(canonicalCity('   ')).toBe('');
  });
});

describe('bands', () => {
  function parseAll(bands: readonly Option[]): Band[] {
    return bands.map((b) => {
      const band = parseBand(b.value);
      expect(band, b.value).toBeDefined();
      return band!;
    });
  }

  function expectContiguous(bands: readonly Band[]) {
    for (let i = 1; i < bands.length; i++) {
      const previous = bands[i - 1]!;
      expect(previous.max).toBeDefined();
      expect(bands[i]!.min).toBe(previous.max! + 1);
    }
  }

  it('has contiguous km bands from 0 to 100000-', () => {
    const bands = parseAll(KM_BANDS);
    expect(bands[0]?.min).toBe(0);
    expectContiguous(bands);
    expect(KM_BANDS.at(-1)?.value).toBe('100000-');
    expect(bands.at(-1)?.max).toBeUndefined();
  });

  it('has contiguous price bands from 0 (under 1 lakh, then 50000 wide from 100000) to 2500000-', () => {
    const bands = parseAll(PRICE_BANDS);
    expect(bands[0]).toEqual({ min: 0, max: 99_999 });
    expect(PRICE_BANDS[0]?.label).toBe('Under ₹1,00,000');
    expectContiguous(bands);
    for (const band of bands.slice(1, -1)) expect(band.max! - band.min + 1).toBe(50_000);
    expect(PRICE_BANDS.at(-1)?.value).toBe('2500000-');
    expect(bands.at(-1)?.max).toBeUndefined();
  });

  it('parses only well-formed bands', () => {
    expect(parseBand('abc')).toBeUndefined();
    expect(parseBand('5-3')).toBeUndefined();
    expect(parseBand('')).toBeUndefined();
    expect(parseBand('3000000000-')).toBeUndefined();
    expect(parseBand('0-2147483648')).toBeUndefined();
    expect(parseBand('0-2147483647')).toEqual({ min: 0, max: 2147483647 });
    expect(parseBand('0-9999')).toEqual({ min: 0, max: 9999 });
    expect(parseBand('2500000-')).toEqual({ min: 2_500_000 });
  });
});

describe('trims in the years they were sold', () => {
  it.each([
    ['hyundai', 'Creta', 2019, ['E', 'S', 'SX', 'SX(O)']],
    ['hyundai', 'Creta', 2022, ['E', 'EX', 'S', 'SX', 'SX(O)']],
    ['hyundai', 'Creta', 2025, ['E', 'EX', 'S', 'S(O)', 'SX', 'SX Tech', 'SX(O)']],
    ['hyundai', 'Venue', 2019, ['E', 'S', 'SX', 'SX(O)']],
    ['hyundai', 'Tucson', 2008, ['GL', 'GLS']],
    ['hyundai', 'Tucson', 2019, ['GL', 'GLS']],
    ['hyundai', 'Tucson', 2023, ['Platinum', 'Signature']],
  ] as const)('%s %s %i: %j', (brand, name, year, trims) => {
    expect(variantsIn(findModel(brand, name)!, year).map((v) => v.name)).toEqual(trims);
  });

  it('has the Alto 800 of 2012–2023, petrol or CNG, manual', () => {
    const alto = findModel('maruti_suzuki', 'Alto 800')!;
    expect(modelYears(alto, new Date('2026-06-01T00:00:00Z')).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => 2012 + i),
    );
    expect([alto.fuels, alto.transmissions]).toEqual([['petrol', 'cng'], ['manual']]);
  });
});
