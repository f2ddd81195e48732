// The package add/edit form (docs/screens.md): the API's package input, with the Status select's text values.
import { z } from 'zod';
import {
  packageInputSchema,
  PACKAGE_UNITS,
  type Package,
  type PackageInput,
} from '@dealerleads/shared';
import type { DefaultValues } from 'react-hook-form';

export const packageFormSchema = packageInputSchema.extend({
  /** Only offered when editing; 'true' is Active. */
  isActive: z.enum(['true', 'false']).optional(),
});
export type PackageFormValues = z.input<typeof packageFormSchema>;
export type PackageFormOutput = z.output<typeof packageFormSchema>;

export const packageUnitOptions = PACKAGE_UNITS.map((value) => ({ value, label: value }));

/** An empty form for 'Add Package', or the package being edited. */
export function packageFormValues(pkg: Package | null): DefaultValues<PackageFormValues> {
  if (!pkg) {
    return { packageName: '', packageCode: '' };
  }
  return {
    packageName: pkg.packageName,
    packageCode: pkg.packageCode,
    packageType: pkg.packageType,
    packageCredits: pkg.packageCredits,
    packageUnit: pkg.packageUnit,
    packageValidity: pkg.packageValidity,
    packagePrice: pkg.packagePrice,
    isActive: pkg.isActive ? 'true' : 'false',
  };
}

/** The request body; a new package leaves `isActive` out (the API makes it active). */
export function packageInputOf(values: PackageFormOutput): PackageInput {
  const { isActive, ...rest } = values;
  return isActive === undefined ? rest : { ...rest, isActive: isActive === 'true' };
}
