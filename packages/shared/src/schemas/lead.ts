// Leads: the stored listing, the list filters (spec §7 query names) and the wizard submission (spec §2.6, §5).
import { z } from 'zod';
import { LIMITS, PAGE_SIZE } from '../constants';
import { leadWizardMessages as m, textMessages } from '../messages';
import {
  FUELS,
  OWNERS,
  TRANSMISSIONS,
  WIZARD_OWNER_TYPES,
  WIZARD_SEATS,
  WIZARD_YEARS,
} from '../catalogues/options';
import { parseBand } from '../catalogues/bands';
import { WIZARD_BRANDS } from '../catalogues/wizard-brands';
import { pagingQuery } from './common';

/** Where a lead stands for its owner (docs/owners-insights-moderation.md): only 'open' leads are on the dealers' list. */
export const LISTING_STATUSES = ['open', 'sold', 'withdrawn', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Moderation of a new lead: 'flagged' ones wait for an Admin (and stay off the list while the setting holds them). */
export const MODERATION_STATUSES = ['clear', 'flagged', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const leadSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** Masked (all but the last 3 characters are X) unless the caller may see it. */
  phoneNumber: z.string(),
  city: z.string(),
  brand: z.string(),
  model: z.string(),
  varient: z.string().nullable(),
  rto: z.string().nullable(),
  year: z.number().int(),
  fuelType: z.string(),
  ownerName: z.string(),
  transmission: z.string(),
  seats: z.number().int(),
  price: z.number().int(),
  kmDriven: z.number().int().nullable(),
  status: z.boolean(),
  createdOn: z.string(),
  /** 'sold', 'withdrawn' or 'expired' once the owner closed it or it ran out: dealers who unlocked it see why it left. */
  listingStatus: z.enum(LISTING_STATUSES),
  /** Whether the caller may see the contact (Admin, or unlocked by this user). */
  unlocked: z.boolean(),
});
export type Lead = z.infer<typeof leadSchema>;

const values = <T extends { value: string }>(list: readonly T[]) => list.map((o) => o.value);

function bandFilter(label: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => parseBand(v) !== undefined,
      `${label} must be a band such as 100000-149999 or 2500000-`,
    )
    .optional();
}

function textFilter() {
  return z
    .string()
    .trim()
    .max(LIMITS.textMax, textMessages.maxLength('Filter', LIMITS.textMax))
    .optional();
}

function intFilter(label: string, min: number, max: number) {
  return z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();
}

/** The date filters' bounds: both engines take every day in between (PostgreSQL has no year 0, nor 10000). */
export const LEAD_DATE_RANGE = { min: '1900-01-01', max: '9999-12-31' } as const;

function dateFilter(name: string) {
  return z.iso
    .date(`${name} must be a date YYYY-MM-DD`)
    .refine(
      (v) => v >= LEAD_DATE_RANGE.min && v <= LEAD_DATE_RANGE.max,
      `${name} must be between ${LEAD_DATE_RANGE.min} and ${LEAD_DATE_RANGE.max}`,
    )
    .optional();
}

/** `status` of the lead list: Admin's view of active, inactive or all leads. */
export const LEAD_STATUS_FILTERS = ['active', 'inactive', 'all'] as const;
export type LeadStatusFilter = (typeof LEAD_STATUS_FILTERS)[number];

/** `GET /api/leads` query. Text filters are exact and case-insensitive; the server maps them to the stored form. */
export const leadFilterSchema = pagingQuery(PAGE_SIZE.leads).extend({
  city: textFilter(),
  ownerName: textFilter(),
  brand: textFilter(),
  model: textFilter(),
  varient: textFilter(),
  fuel: textFilter(),
  transmission: textFilter(),
  rto: textFilter(),
  year: intFilter('Year', 1900, 2100),
  seats: intFilter('Seats', 1, 20),
  price: bandFilter('Price'),
  KmDriven: bandFilter('KmDriven'),
  name: textFilter(),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
  /** Admin only: which leads by status (default all for Admin); everyone else always gets active leads. */
  status: z
    .enum(LEAD_STATUS_FILTERS, { error: `status must be one of ${LEAD_STATUS_FILTERS.join(', ')}` })
    .optional(),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;
/** The filter keys a screen can set (everything but paging). */
export type LeadFilterKey = Exclude<keyof LeadFilter, 'pageNumber' | 'pageSize'>;

function requiredWizardText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, textMessages.maxLength(message.replace(/ (is|are) required.*$/, ''), max));
}

/** The lead submission wizard, shared by the form and `POST /api/leads`. */
export const leadSubmissionSchema = z
  .object({
    year: z
      .number({ error: m.year })
      .int(m.year)
      .min(WIZARD_YEARS.min, m.year)
      .max(WIZARD_YEARS.max, m.year),
    brand: z.enum(
      WIZARD_BRANDS.map((b) => b.value),
      { error: m.brand },
    ),
    model: requiredWizardText(m.model, LIMITS.textMax),
    ownerType: z.enum(values(WIZARD_OWNER_TYPES), { error: m.ownerType }),
    transmission: z.enum(values(TRANSMISSIONS), { error: m.transmission }),
    fuelType: z.enum(values(FUELS), { error: m.fuelType }),
    seats: z
      .number({ error: m.seats })
      .int(m.seats)
      .min(WIZARD_SEATS.min, m.seats)
      .max(WIZARD_SEATS.max, m.seats),
    fullName: requiredWizardText(m.fullName, LIMITS.textMax),
    city: requiredWizardText(m.city, LIMITS.textMax),
    phoneNumber: z
      .string({ error: m.phoneNumber })
      .trim()
      .regex(/^\d{10}$/, m.phoneNumber),
    price: z
      .number({ error: m.price })
      .int(m.price)
      .min(1, m.price)
      .max(1_000_000_000, 'Expected Price is too large.'),
    /** The owner agrees to share the number with up to `maxDealersPerLead` dealers (DPDP Act consent). */
    consent: z.literal(true, { error: m.consent }),
  })
  .refine(
    (v) => WIZARD_BRANDS.find((b) => b.value === v.brand)?.models.includes(v.model) ?? false,
    { message: m.model, path: ['model'] },
  );
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;

/** `POST /api/leads` answers with the stored lead and the owner's private link (`/my-car/{token}`). */
export const leadSubmissionResultSchema = leadSchema.extend({ manageUrl: z.string() });
export type LeadSubmissionResult = z.infer<typeof leadSubmissionResultSchema>;

/** Admin lead edit: only the status may change (spec §2.5); other fields in the body are ignored. */
export const leadUpdateSchema = z.object({
  status: z.boolean({ error: 'Status must be true or false' }),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const OWNER_VALUES = values(OWNERS);
