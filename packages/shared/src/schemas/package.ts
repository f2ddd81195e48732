// Credit packages: the price list and its admin form (docs/screens.md).
import { z } from './zod';
import { LIMITS, PAGE_SIZE } from '../constants';
import { packageMessages as m, textMessages } from '../messages';
import { PACKAGE_TYPES, PACKAGE_UNITS } from '../catalogues/options';
import { pagingQuery } from './common';

export const packageSchema = z.object({
  id: z.number().int(),
  packageName: z.string(),
  packageCode: z.string(),
  packageType: z.enum(PACKAGE_TYPES),
  packageCredits: z.number().int(),
  packageUnit: z.enum(PACKAGE_UNITS),
  packageValidity: z.number().int(),
  packagePrice: z.number().int(),
  isActive: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

function wholeNumber(requiredMessage: string) {
  return z
    .number({ error: requiredMessage })
    .int('Use a whole number')
    .max(1_000_000_000, 'This number is too large');
}

function requiredBounded(requiredMessage: string, label: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, textMessages.maxLength(label, max));
}

/** The add/edit form; `isActive` is only offered when editing. */
export const packageInputSchema = z.object({
  packageName: requiredBounded(m.nameRequired, 'Package name', LIMITS.packageNameMax),
  packageCode: requiredBounded(m.codeRequired, 'Package code', LIMITS.packageCodeMax),
  packageType: z.enum(PACKAGE_TYPES, { error: m.typeRequired }),
  packageCredits: wholeNumber(m.creditsRequired).min(1, m.creditsPositive),
  packageUnit: z.enum(PACKAGE_UNITS, { error: m.unitRequired }),
  packageValidity: wholeNumber(m.validityRequired)
    .min(1, m.validityPositive)
    .max(36_500, 'Package validity must be at most 36500 days'),
  packagePrice: wholeNumber(m.priceRequired).min(0, m.priceNotNegative),
  isActive: z.boolean({ error: 'Status must be true or false' }).optional(),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const packageSearchSchema = pagingQuery(PAGE_SIZE.packages);
export type PackageSearch = z.infer<typeof packageSearchSchema>;

export const packageDropdownItemSchema = z.object({
  id: z.number().int(),
  packageName: z.string(),
});
export type PackageDropdownItem = z.infer<typeof packageDropdownItemSchema>;
