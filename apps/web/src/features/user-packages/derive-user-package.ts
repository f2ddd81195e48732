// What the user-package form derives, as the API does (docs/rules.md "User-package form"): the package's terms, the end date and the balance.
import type { Package } from '@dealerleads/shared';
import { addDaysToIsoDate } from '../../lib/format';

export type PackageTerms = Pick<Package, 'packageCredits' | 'packageUnit' | 'packageValidity'>;

export interface DerivedUserPackage {
  credits?: number;
  unit?: string;
  validity?: number;
  /** 'YYYY-MM-DD': start date + validity days. */
  endDate?: string;
  /** credits − credits debited; below 0 means too many were debited. */
  balance?: number;
}

export function deriveUserPackage(
  terms: PackageTerms | undefined,
  startDate: string | undefined,
  creditDebited: number | undefined,
): DerivedUserPackage {
  if (!terms) return {};
  const debited = Number.isFinite(creditDebited) ? (creditDebited as number) : 0;
  return {
    credits: terms.packageCredits,
    unit: terms.packageUnit,
    validity: terms.packageValidity,
    endDate: startDate ? addDaysToIsoDate(startDate, terms.packageValidity) : undefined,
    balance: terms.packageCredits - debited,
  };
}
