// Lead values on screen: INR grouping, the spec's date pattern, brand and band labels that match the catalogues, +91 links.
import { describe, expect, it } from 'vitest';
import { KM_BANDS, PRICE_BANDS, VEHICLE_BRANDS } from '@dealerleads/shared/catalogues';
import { setLanguage } from '../../i18n/runtime';
import {
  brandLabel,
  contactLinks,
  leadCapTexts,
  formatInr,
  belowMarketText,
  formatKm,
  formatLeadDate,
  fuelLabel,
  ownerLabel,
  transmissionLabel,
} from './lead-format';
import { filterValueLabel } from './filter-labels';

describe('lead formatting', () => {
  it('shows prices in INR with Indian grouping', () => {
    expect(formatInr(1_250_000)).toBe('₹12,50,000');
    expect(formatInr(999)).toBe('₹999');
    expect(formatInr(10_000_000)).toBe('₹1,00,00,000');
  });

  it("shows dates as dd/MM/yyyy hh:mm:ss a (12-hour clock with AM/PM) in the browser's zone", () => {
    expect(formatLeadDate(new Date(2025, 0, 5, 15, 4, 9).toISOString())).toBe(
      '05/01/2025 03:04:09 PM',
    );
    expect(formatLeadDate(new Date(2024, 11, 31, 0, 30, 0).toISOString())).toBe(
      '31/12/2024 12:30:00 AM',
    );
    expect(formatLeadDate(new Date(2024, 5, 9, 12, 0, 59).toISOString())).toBe(
      '09/06/2024 12:00:59 PM',
    );
  });

  it('labels every catalogue brand as the catalogue does, without loading it', () => {
    for (const brand of VEHICLE_BRANDS) expect(brandLabel(brand.value)).toBe(brand.label);
  });

  it('labels price and km bands as the catalogue does', () => {
    for (const band of PRICE_BANDS) expect(filterValueLabel('price', band.value)).toBe(band.label);
    for (const band of KM_BANDS) expect(filterValueLabel('KmDriven', band.value)).toBe(band.label);
  });

  it('labels stored option values', () => {
    expect(fuelLabel('cng')).toBe('CNG');
    expect(ownerLabel('more_than_four')).toBe('More than Four');
    expect(transmissionLabel('imt')).toBe('iMT');
    expect(filterValueLabel('seats', '7')).toBe('7 Seater');
    expect(filterValueLabel('status', 'inactive')).toBe('Inactive');
    expect(formatKm(45_000)).toBe('45,000 km');
    expect(formatKm(null)).toBe('—');
  });

  it("counts dealers in the singular for a cap of one ('1 of 1 dealer')", () => {
    expect(leadCapTexts.dealersUnlocked(1, 1)).toBe('1 of 1 dealer unlocked');
    expect(leadCapTexts.dealersUnlocked(1, 5)).toBe('1 of 5 dealers unlocked');
  });

  it('builds call and WhatsApp links with +91', () => {
    expect(contactLinks('9876543210')).toEqual({
      display: '+91 9876543210',
      tel: 'tel:+919876543210',
      whatsapp: 'https://wa.me/919876543210',
    });
    // With the car, the chat opens with a greeting naming it, encoded (spaces, the comma, the question mark).
    const { whatsapp } = contactLinks('98765 43210', {
      year: 2019,
      brand: 'maruti_suzuki',
      model: 'Swift & Dzire',
    });
    expect(whatsapp).toBe(
      'https://wa.me/919876543210?text=Hello%2C%20I%20saw%20your%202019%20Maruti%20Suzuki%20Swift%20%26%20Dzire%20on%20DealerLeads.%20Is%20it%20still%20available%3F',
    );
    expect(new URL(whatsapp).searchParams.get('text')).toBe(
      'Hello, I saw your 2019 Maruti Suzuki Swift & Dzire on DealerLeads. Is it still available?',
    );
  });

  it('greets in Hindi when the dealer reads Hindi', async () => {
    await setLanguage('hi');
    try {
      const { whatsapp } = contactLinks('9876543210', {
        year: 2021,
        brand: 'hyundai',
        model: 'Creta',
      });
      expect(new URL(whatsapp).searchParams.get('text')).toBe(
        'नमस्ते, मैंने DealerLeads पर आपकी 2021 Hyundai Creta देखी। क्या यह अभी उपलब्ध है?',
      );
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the market chip', () => {
  it("says how far below its market guide's median a lead is priced, and nothing at or above it or without one", () => {
    const median = { low: 400_000, median: 450_000, high: 480_000 };
    expect(belowMarketText({ price: 405_000, marketPrice: median })).toBe('₹45,000 below market');
    expect(belowMarketText({ price: 450_000, marketPrice: median })).toBeUndefined();
    expect(belowMarketText({ price: 500_000, marketPrice: median })).toBeUndefined();
    expect(belowMarketText({ price: 1, marketPrice: null })).toBeUndefined();
  });
});
