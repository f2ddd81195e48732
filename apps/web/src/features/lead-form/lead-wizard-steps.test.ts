// The wizard's per-step checks come from the shared schema, with the car checked against the catalogue.
import { describe, expect, it } from 'vitest';
import { leadWizardMessages } from '@dealerleads/shared';
import {
  BRAND_OPTIONS,
  PHOTO_STEP,
  WIZARD_STEPS,
  fieldError,
  isStepValid,
  modelsOf,
  normalizePhone,
  parseAmount,
  stepOfFirst,
  wizardChoices,
} from './lead-wizard-steps';

describe('wizard steps', () => {
  it('offers the brands most cars carry first, then the rest alphabetically', () => {
    const labels = BRAND_OPTIONS.map((b) => b.label);
    expect(labels.slice(0, 7)).toEqual([
      'Maruti Suzuki',
      'Hyundai',
      'Tata',
      'Mahindra',
      'Kia',
      'Toyota',
      'Honda',
    ]);
    const rest = labels.slice(7);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest).toContain('Audi');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('are nine steps, brand and model first, the photos after the car, every submission field exactly once', () => {
    expect(WIZARD_STEPS.map((step) => step.title)).toEqual([
      'Brand',
      'Model',
      'Year',
      'Fuel Type',
      'Transmission',
      'Seats',
      'Owner Type',
      'Photos',
      'Your Details',
    ]);
    expect(PHOTO_STEP).toBe(7);
    expect(WIZARD_STEPS.flatMap((step) => step.fields).sort()).toEqual(
      [
        'brand',
        'city',
        'consent',
        'fuelType',
        'fullName',
        'kmDriven',
        'model',
        'ownerType',
        'phoneNumber',
        'price',
        'rto',
        'seats',
        'transmission',
        'varient',
        'year',
      ].sort(),
    );
  });

  it('checks each field with the shared rule and message', () => {
    expect(fieldError('year', {})).toBe(leadWizardMessages.year);
    expect(fieldError('year', { year: 1999 })).toBe(leadWizardMessages.year);
    expect(fieldError('year', { year: new Date().getFullYear() + 1 })).toBe(
      leadWizardMessages.year,
    );
    expect(fieldError('year', { year: 2024 })).toBeUndefined();
    expect(fieldError('brand', {})).toBe(leadWizardMessages.brand);
    expect(fieldError('kmDriven', {})).toBe(leadWizardMessages.kmDriven);
    expect(fieldError('seats', { seats: 14 })).toBe(leadWizardMessages.seats);
    expect(fieldError('phoneNumber', { phoneNumber: '98100' })).toBe(
      leadWizardMessages.phoneNumber,
    );
    expect(fieldError('price', { price: 0 })).toBe(leadWizardMessages.price);
    expect(fieldError('price', { price: Number.NaN })).toBe(leadWizardMessages.price);
  });

  it('checks the car against the catalogue as the API does', () => {
    expect(modelsOf('isuzu')).toEqual(['D-Max', 'MU-X', 'V-Cross']);
    expect(fieldError('model', { brand: 'isuzu', model: 'D-Max' })).toBeUndefined();
    expect(fieldError('model', { brand: 'toyota', model: 'D-Max' })).toMatch(
      /^Model must be one of Camry, Corolla/,
    );
    expect(fieldError('model', { brand: 'toyota', model: '' })).toBe(leadWizardMessages.model);
    const nexonEv = { brand: 'tata', model: 'Nexon EV' };
    expect(fieldError('year', { ...nexonEv, year: 2019 })).toMatch(/^Year must be one of 2020–/);
    expect(fieldError('fuelType', { ...nexonEv, year: 2021, fuelType: 'diesel' })).toBe(
      'Fuel Type must be Electric for a 2021 Tata Nexon EV.',
    );
    expect(wizardChoices({ ...nexonEv, year: 2021 }).transmissions).toEqual([
      { value: 'automatic', label: 'Automatic' },
    ]);
    expect(fieldError('city', { city: 'Mumbai' })).toMatch(/^City must be one of Alwar/);
    expect(fieldError('city', { city: 'Gurgaon' })).toBeUndefined();
  });

  it('calls a step valid only when all its fields are', () => {
    const details = WIZARD_STEPS[8]!;
    const contact = {
      fullName: 'Ravi',
      city: 'Noida',
      phoneNumber: '9810012345',
      price: 450000,
      consent: true,
    };
    expect(isStepValid(details, contact)).toBe(true);
    expect(isStepValid(details, { ...contact, consent: false })).toBe(false);
    expect(isStepValid(details, { ...contact, city: '  ' })).toBe(false);
  });

  it('finds the first step holding a field', () => {
    expect(stepOfFirst(['price', 'model'])).toBe(1);
    expect(stepOfFirst(['kmDriven'])).toBe(6);
    expect(stepOfFirst(['phoneNumber'])).toBe(8);
    expect(isStepValid(WIZARD_STEPS[PHOTO_STEP]!, {})).toBe(true);
    expect(stepOfFirst(['ownerName'])).toBeUndefined();
  });

  it('reads a phone number as a phone keyboard or autofill gives it', () => {
    expect(normalizePhone(' 98100 12345 ')).toBe('9810012345');
    expect(normalizePhone('+91 98100-12345')).toBe('9810012345');
    expect(normalizePhone('09810012345')).toBe('9810012345');
    expect(normalizePhone('12345')).toBe('12345');
  });

  it('reads an amount with Indian grouping or a rupee sign', () => {
    expect(parseAmount('4,50,000')).toBe(450000);
    expect(parseAmount('₹ 450000')).toBe(450000);
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('abc')).toBeNaN();
  });
});
