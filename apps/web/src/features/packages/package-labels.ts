// How package types read on screen (the stored values are the API's: 'LimitedTime', 'Lead', 'Unlimited').
import { PACKAGE_TYPES, type PackageType } from '@dealerleads/shared';

const typeLabels: Record<PackageType, string> = {
  LimitedTime: 'Limited Time',
  Lead: 'Lead',
  Unlimited: 'Unlimited',
};

export function packageTypeLabel(type: PackageType): string {
  return typeLabels[type] ?? type;
}

export const packageTypeOptions = PACKAGE_TYPES.map((value) => ({
  value,
  label: typeLabels[value],
}));
