// The wizard's per-step checks come from the shared schema, with the model checked against its brand.
import { describe, expect, it } from 'vitest';
import { leadWizardMessages } from '@dealerleads/shared';
import {
  WIZARD_STEPS,
  fieldError,
  isStepValid,
  modelsOf,
  normalizePhone,
  parseAmount,
  stepOfFirst,
} from './lead-wizard-steps';

describe('wizard steps', () => {
  it('are the eight steps of spec §2.6, every submission field exactly once', () => {
    expect(WIZARD_STEPS.map((step) => step.title)).toEqual([
      'Year',
      'Brand',
      'Model',
      'Owner Type',
      'Transmission',
      'Fuel Type',
      'Seats',
      'Your Details',
    ]);
    expect(WIZARD_STEPS.flatMap((step) => step.fields).sort()).toEqual(
      [
        'brand',
        'city',
        'consent',
        'fuelType',
        'fullName',
        'model',
        'ownerType',
        'phoneNumber',
        'price',
        'seats',
        'transmission',
        'year',
      ].sort(),
    );
  });

  it('checks each field with the shared rule and message', () => {
    expect(fieldError('year', {})).toBe(leadWizardMessages.year);
    expect(fieldError('year', { year: 1999 })).toBe(leadWizardMessages.year);
    expect(fieldError('year', { year: 2024 })).toBeUndefined();
    expect(fieldError('brand', { brand: 'trabant' })).toBe(leadWizardMessages.brand);
    expect(fieldError('seats', { seats: 10 })).toBe(leadWizardMessages.seats);
    expect(fieldError('phoneNumber', { phoneNumber: '98100' })).toBe(
      leadWizardMessages.phoneNumber,
    );
    expect(fieldError('price', { price: 0 })).toBe(leadWizardMessages.price);
    expect(fieldError('price', { price: Number.NaN })).toBe(leadWizardMessages.price);
  });

  it("accepts a model only from the chosen brand's models", () => {
    expect(modelsOf('isuzu')).toEqual(['D-Max', 'MU-X']);
    expect(fieldError('model', { brand: 'isuzu', model: 'D-Max' })).toBeUndefined();
    expect(fieldError('model', { brand: 'toyota', model: 'D-Max' })).toBe(leadWizardMessages.model);
    expect(fieldError('model', { brand: 'toyota', model: '' })).toBe(leadWizardMessages.model);
  });

  it('calls a step valid only when all its fields are', () => {
    const details = WIZARD_STEPS[7]!;
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
    expect(stepOfFirst(['price', 'model'])).toBe(2);
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
