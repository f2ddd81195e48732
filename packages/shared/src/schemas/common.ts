// Building blocks of the payload schemas: text fields with the docs/rules.md messages, ids, paging, dates.
import { z } from './zod';
import { FIRST_PAGE, LIMITS, PAGE_SIZE } from '../constants';
import { textMessages } from '../messages';

/** A required text field: trimmed, not empty, at most `max` characters, with docs/rules.md's wording. */
export function requiredText(label: string, max: number = LIMITS.textMax) {
  return z
    .string({ error: textMessages.required(label) })
    .trim()
    .min(1, textMessages.required(label))
    .max(max, textMessages.maxLength(label, max));
}

/** Optional digits of an exact length ('' counts as not given), e.g. phone 10 and pincode 6. */
export function optionalDigits(label: string, length: number) {
  return z
    .string({ error: textMessages.required(label) })
    .trim()
    .refine((v) => v === '' || v.length >= length, textMessages.minLength(label, length))
    .refine((v) => v.length <= length, textMessages.maxLength(label, length))
    .refine((v) => v === '' || /^\d+$/.test(v), `${label} must contain digits only`)
    .optional();
}

/** Indian mobiles (design.md §9.10): ten digits, the first 6, 7, 8 or 9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export function password(label = 'Password') {
  return z
    .string({ error: textMessages.required(label) })
    .min(1, textMessages.required(label))
    .min(LIMITS.passwordMin, textMessages.minLength(label, LIMITS.passwordMin))
    .max(LIMITS.passwordMax, textMessages.maxLength(label, LIMITS.passwordMax));
}

/** Ids are 32-bit integer columns on both engines. */
export const MAX_ID = 2_147_483_647;

/** A positive database id in a path or query (`/users/update/12`). */
export const idParam = z.coerce
  .number({ error: 'Id must be a positive whole number' })
  .int('Id must be a positive whole number')
  .positive('Id must be a positive whole number')
  .max(MAX_ID, 'Id must be a positive whole number');

export const idParams = z.object({ id: idParam });

function pageNumber() {
  return z.coerce
    .number({ error: 'pageNumber must be a whole number of 1 or more' })
    .int('pageNumber must be a whole number of 1 or more')
    .min(1, 'pageNumber must be a whole number of 1 or more')
    .max(1_000_000, 'pageNumber must be at most 1000000')
    .default(FIRST_PAGE);
}

function pageSize(defaultSize: number) {
  return z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${PAGE_SIZE.max}` })
    .int(`pageSize must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .min(1, `pageSize must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .max(PAGE_SIZE.max, `pageSize must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .default(defaultSize);
}

export const searchterm = z
  .string()
  .trim()
  .max(LIMITS.searchtermMax, textMessages.maxLength('searchterm', LIMITS.searchtermMax))
  // A search engine's query parser may stop at a NUL; no one types control characters into a search box.
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'searchterm must not contain control characters')
  .optional();

/** pageNumber, pageSize (with the list's default size) and searchterm: docs/rules.md "Generic paging parameters". */
export function pagingQuery(defaultSize: number) {
  return z.object({ pageNumber: pageNumber(), pageSize: pageSize(defaultSize), searchterm });
}

/** docs/rules.md "Paginated result": sent as JSON in the `Pagination` response header. */
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  itemsPerPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  /** Set when more leads match than were counted: totalItems is then the cap and the screen shows "10,000+". */
  totalCapped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A calendar date `YYYY-MM-DD` that really exists. */
export function isoDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, 'This date does not exist');
}

/** Query booleans arrive as text: 'true'/'false' (also 1/0). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A member as another screen names them (audit target, member credits): never "member #3". */
export const memberRefSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string().nullable(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;
