// Shape checks of the catalogues: vehicles, wizard brands, locations and the price/km bands.
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
  WIZARD_BRANDS,
  canonicalCity,
  findBrand,
  findModel,
  parseBand,
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

describe('WIZARD_BRANDS', () => {
  it('has the 21 brands of spec §3 in order', () => {
    expect(WIZARD_BRANDS.map((b) => b.value)).toEqual([
      'toyota',
      'honda',
      'maruti_suzuki',
      'hyundai',
      'ford',
      'volkswagen',
      'renault',
      'tata',
      'mahindra',
      'byd',
      'nissan',
      'skoda',
      'kia',
      'audi',
      'bmw',
      'mercedes',
      'jaguar',
      'land_rover',
      'isuzu',
      'volvo',
      'lexus',
    ]);
  });

  it('gives each brand 2 to 4 unique models', () => {
    for (const brand of WIZARD_BRANDS) {
      expect(brand.models.length, brand.value).toBeGreaterThanOrEqual(2);
      expect(brand.models.length, brand.value).toBeLessThanOrEqual(4);
      expect(new Set(brand.models).size, brand.value).toBe(brand.models.length);
    }
  });

  it('has the toyota and isuzu models of the spec', () => {
    const models = (value: string) => WIZARD_BRANDS.find((b) => b.value === value)?.models;
    expect(models('toyota')).toEqual(['Corolla', 'Camry', 'Prius', 'Highlander']);
    expect(models('isuzu')).toEqual(['D-Max', 'MU-X']);
  });

  it('is covered by the list catalogue with the same labels and exact model names', () => {
    for (const brand of WIZARD_BRANDS) {
      expect(findBrand(brand.value)?.label, brand.value).toBe(brand.label);
      for (const model of brand.models) {
        expect(findModel(brand.value, model)?.name, `${brand.value}/${model}`).toBe(model);
      }
    }
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

  it('has contiguous 50000-wide price bands from 100000 to 2500000-', () => {
    const bands = parseAll(PRICE_BANDS);
    expect(bands[0]?.min).toBe(100_000);
    expectContiguous(bands);
    for (const band of bands.slice(0, -1)) expect(band.max! - band.min + 1).toBe(50_000);
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
