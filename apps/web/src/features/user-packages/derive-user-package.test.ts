// The user-package form's derived fields: the package's terms, start + validity days, credits − debited.
import { describe, expect, it } from 'vitest';
import { deriveUserPackage } from './derive-user-package';

const pro50 = { packageCredits: 50, packageUnit: 'Leads', packageValidity: 60 } as const;

describe('deriveUserPackage', () => {
  it('takes credits, unit and validity from the package', () => {
    expect(deriveUserPackage(pro50, '2026-11-22', 0)).toEqual({
      credits: 50,
      unit: 'Leads',
      validity: 60,
      endDate: '2027-01-21',
      balance: 50,
    });
  });

  it('subtracts the credits debited', () => {
    expect(deriveUserPackage(pro50, '2026-11-22', 12).balance).toBe(38);
    expect(deriveUserPackage(pro50, '2026-11-22', 51).balance).toBe(-1);
    // An empty box counts as nothing debited.
    expect(deriveUserPackage(pro50, '2026-11-22', Number.NaN).balance).toBe(50);
  });

  it('has no end date without a start date, and nothing without a package', () => {
    expect(deriveUserPackage(pro50, '', 0).endDate).toBeUndefined();
    expect(deriveUserPackage(undefined, '2026-11-22', 0)).toEqual({});
  });
});
