// The user-package form (docs/rules.md "User package", §5): the API's assignment input, with the Status select's text values.
import { z } from 'zod';
import {
  userPackageInputSchema,
  type UserPackage,
  type UserPackageInput,
} from '@dealerleads/shared';
import type { DefaultValues } from 'react-hook-form';

export const userPackageFormSchema = userPackageInputSchema.extend({
  /** Only offered when editing; 'true' is Active. */
  isActive: z.enum(['true', 'false']).optional(),
});
export type UserPackageFormValues = z.input<typeof userPackageFormSchema>;
export type UserPackageFormOutput = z.output<typeof userPackageFormSchema>;

/** An empty assignment starting `today`, or the row being edited. */
export function userPackageFormValues(
  row: UserPackage | null,
  today: string,
): DefaultValues<UserPackageFormValues> {
  if (!row) return { startDate: today, creditDebited: 0 };
  return {
    userId: row.userId,
    packageId: row.packageId,
    startDate: row.startDate.slice(0, 10),
    creditDebited: row.creditDebited,
    isActive: row.isActive ? 'true' : 'false',
  };
}

/** The request body; a new assignment leaves `isActive` out (the API makes it active). */
export function userPackageInputOf(values: UserPackageFormOutput): UserPackageInput {
  const { isActive, ...rest } = values;
  return isActive === undefined ? rest : { ...rest, isActive: isActive === 'true' };
}
