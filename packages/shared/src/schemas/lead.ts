// Leads: the stored listing, the list filters (docs/api.md query names) and the wizard submission checked against the catalogue.
import { z } from './zod';
import { LIMITS, PAGE_SIZE } from '../constants';
import { leadWizardMessages as m, textMessages } from '../messages';
import {
  FILTER_SEATS,
  FUELS,
  OWNERS,
  RTO_CODES,
  TRANSMISSIONS,
  WIZARD_OWNER_TYPES,
  seatsLabel,
} from '../catalogues/options';
import { groupIndian, parseBand, parseYears } from '../catalogues/bands';
import { NCR_CITIES, findCity } from '../catalogues/locations';
import { VEHICLE_BRANDS, findModel } from '../catalogues/vehicles';
import {
  OLDEST_LEAD_YEAR,
  carChoices,
  currentYear,
  describeYears,
  findBrandByName,
  modelYears,
  variantsIn,
} from '../catalogues/vehicle-specs';
import { priceBounds, priceRangeMessage } from '../catalogues/price-bounds';
import { INDIAN_MOBILE, pagingQuery, queryBoolean } from './common';
import { leadPhotoSchema } from './photo';

/** Where a lead stands for its owner (docs/owners-insights-moderation.md): only 'open' leads are on the dealers' list. */
export const LISTING_STATUSES = ['open', 'sold', 'withdrawn', 'expired'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
/** Moderation of a new lead: 'flagged' ones wait for an Admin (and stay off the list while the setting holds them). */
export const MODERATION_STATUSES = ['clear', 'flagged', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/**
 * The owner's name as a caller who has not unlocked the lead sees it: the first name and the last name's initial
 * ('Rahul Sharma' → 'Rahul S.'), a one-word name as it is.
 */
export function shownOwnerName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length <= 1) return words[0] ?? '';
  const initial = String.fromCodePoint(words[words.length - 1]!.codePointAt(0)!).toUpperCase();
  return `${words[0]} ${initial}.`;
}

export const leadSchema = z.object({
  id: z.number().int(),
  /** In full for Admin and a dealer who unlocked the lead; otherwise shownOwnerName's 'Rahul S.'. */
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
  /** How many dealers unlocked it (never who), and the cap in force: sold out when unlockCount >= maxDealers. */
  unlockCount: z.number().int(),
  maxDealers: z.number().int(),
  /** Visible before unlock. A list carries the cover alone (or none); one lead's detail every photo, cover first. */
  photos: z.array(leadPhotoSchema),
  /** The market price guide for its car when it was submitted (docs/price-guide.md), or null. */
  marketPrice: z
    .object({ low: z.number().int(), median: z.number().int(), high: z.number().int() })
    .nullable(),
  /** How far its price lies from the guide's median, in whole percent (negative below), or null. */
  priceVsMarket: z.number().int().nullable(),
  /** The owner proved the number with an SMS code at submission (docs/phone-verification.md); the number stays locked. */
  phoneVerified: z.boolean(),
  /** When the number was proven (ISO 8601), or null when it was not. */
  verifiedOn: z.string().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/** `priceVsMarket`: the price against the guide's median, in whole percent (negative below), or null without one. */
export function priceVsMarket(price: number, median: number | null): number | null {
  return median === null || median <= 0 ? null : Math.round(((price - median) * 100) / median);
}

const values = <T extends { value: string }>(list: readonly T[]) => list.map((o) => o.value);

function bandFilter(label: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => parseBand(v) !== undefined,
      `${label} must be a range such as 100000-149999, 2500000- or -500000`,
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

/** Years as parseYears reads them: `2019`, `2018,2019`, `2015-2019`, `2018-` or `-2012`. */
function yearFilter() {
  return z
    .string()
    .trim()
    .max(LIMITS.textMax, textMessages.maxLength('Year', LIMITS.textMax))
    .refine(
      (v) => parseYears(v, 9999) !== undefined,
      'Year must be a year such as 2019, several such as 2018,2019, or a range such as 2015-2019, 2018- or -2012',
    )
    .optional();
}

/** The lead list's orders: newest first (the default), by price either way, fewest kilometres, newest model year. */
export const LEAD_SORTS = ['newest', 'price_asc', 'price_desc', 'km_asc', 'year_desc'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** Seats: one count or several, comma-separated (`5,7`), each 1 to 20. */
function seatsFilter() {
  return z
    .string()
    .trim()
    .refine(
      (v) =>
        v.split(',').every((n) => /^\s*\d{1,2}\s*$/.test(n) && Number(n) >= 1 && Number(n) <= 20),
      'Seats must be whole numbers from 1 to 20, comma-separated',
    )
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
  year: yearFilter(),
  seats: seatsFilter(),
  price: bandFilter('Price'),
  KmDriven: bandFilter('KmDriven'),
  name: textFilter(),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
  /** Admin only: which leads by status (default all for Admin); everyone else always gets active leads. */
  status: z
    .enum(LEAD_STATUS_FILTERS, { error: `status must be one of ${LEAD_STATUS_FILTERS.join(', ')}` })
    .optional(),
  /** Leave out leads at the cap (sold out). Default: true for dealers, false for everyone else. */
  hideSoldOut: queryBoolean.optional(),
  /** Only leads with at least one photo (true); false or absent: every lead. */
  hasPhotos: queryBoolean.optional(),
  sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).optional(),
  /** Only leads priced below their market guide's median. */
  belowMarket: queryBoolean.optional(),
  /** Only leads whose mobile number the owner proved by an SMS code (true); false or absent: every lead. */
  verified: queryBoolean.optional(),
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

/**
 * A catalogue choice in any of its spellings, slug or label in any case ('Manual', 'MANUAL', 'manual'), stored as the slug;
 * an unknown value gets a message listing the allowed labels.
 */
export function catalogueChoice<V extends string>(
  options: readonly { value: V; label: string }[],
  required: string,
  field: string,
) {
  const allowed = `${field} must be one of ${options.map((o) => o.label).join(', ')}.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((text, ctx): V => {
      const lower = text.toLowerCase();
      const found = options.find((o) => o.value === lower || o.label.toLowerCase() === lower);
      if (found) return found.value;
      ctx.addIssue({ code: 'custom', message: allowed });
      return z.NEVER;
    });
}

export const brandChoice = z
  .string({ error: m.brand })
  .trim()
  .min(1, m.brand)
  .transform((text, ctx) => {
    const brand = findBrandByName(text);
    if (brand) return brand.value;
    ctx.addIssue({
      code: 'custom',
      message: `Brand must be one of ${VEHICLE_BRANDS.map((b) => b.label).join(', ')}.`,
    });
    return z.NEVER;
  });

/** 'A, B or C'. */
function either(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const labelsOf = <V extends string>(
  options: readonly { value: V; label: string }[],
  vs: readonly V[],
) => options.filter((o) => vs.includes(o.value)).map((o) => o.label);

/** The parts of a submission the catalogue checks together (canonical values or raw input). */
export interface CarFacts {
  brand?: unknown;
  model?: unknown;
  year?: unknown;
  varient?: unknown;
  fuelType?: unknown;
  transmission?: unknown;
  seats?: unknown;
  city?: unknown;
  price?: unknown;
}

const lowerText = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : undefined);
const optionOf = <V extends string>(
  options: readonly { value: V; label: string }[],
  v: unknown,
) => {
  const lower = lowerText(v);
  return options.find((o) => o.value === lower || o.label.toLowerCase() === lower)?.value;
};

/**
 * What the catalogue says is wrong with a car: a model the brand never made, a year outside its production, a variant,
 * fuel, gearbox or seat count it never had that year, a price outside what such a car can fetch (priceBounds), a city
 * outside the catalogue. Each message names the allowed
 * values. Fields that are missing or unknown on their own are left to their own rules.
 */
export function carFactIssues(
  facts: CarFacts,
  now: Date = new Date(),
): Partial<Record<keyof CarFacts, string>> {
  const issues: Partial<Record<keyof CarFacts, string>> = {};
  if (typeof facts.city === 'string' && facts.city.trim() !== '' && !findCity(facts.city)) {
    issues.city = `City must be one of ${NCR_CITIES.join(', ')}.`;
  }
  const brand = typeof facts.brand === 'string' ? findBrandByName(facts.brand) : undefined;
  if (!brand || typeof facts.model !== 'string' || facts.model.trim() === '') return issues;
  const model = findModel(brand.value, facts.model);
  if (!model) {
    issues.model = `Model must be one of ${brand.models.map((x) => x.name).join(', ')} for ${brand.label}.`;
    return issues;
  }
  let car = `${brand.label} ${model.name}`;
  const years = modelYears(model, now);
  const year = typeof facts.year === 'number' ? facts.year : undefined;
  if (year === undefined) return issues;
  if (!years.includes(year)) {
    issues.year = `Year must be one of ${describeYears(years)} for a ${car}.`;
    return issues;
  }
  car = `${year} ${car}`;
  if (typeof facts.price === 'number') {
    const bounds = priceBounds(model, year, now);
    if (facts.price < bounds[0] || facts.price > bounds[1])
      issues.price = priceRangeMessage(car, bounds);
  }
  const variantText = typeof facts.varient === 'string' ? facts.varient.trim() : '';
  let variant: string | undefined;
  if (variantText !== '') {
    const sold = variantsIn(model, year).map((v) => v.name);
    variant = sold.find((v) => v.toLowerCase() === variantText.toLowerCase());
    if (variant === undefined) {
      issues.varient =
        sold.length === 0
          ? `A ${car} has no variants in the catalogue: leave Variant empty.`
          : `Variant must be one of ${sold.join(', ')} for a ${car}.`;
      return issues;
    }
    car = `${car} ${variant}`;
  }
  const choices = carChoices(model, year, variant);
  const fuel = optionOf(FUELS, facts.fuelType);
  if (fuel && !choices.fuels.includes(fuel)) {
    issues.fuelType = `Fuel Type must be ${either(labelsOf(FUELS, choices.fuels))} for a ${car}.`;
  }
  const gear = optionOf(TRANSMISSIONS, facts.transmission);
  if (gear && !choices.transmissions.includes(gear)) {
    issues.transmission = `Transmission must be ${either(labelsOf(TRANSMISSIONS, choices.transmissions))} for a ${car}.`;
  }
  if (typeof facts.seats === 'number' && !choices.seats.includes(facts.seats)) {
    issues.seats = `Seats must be ${either(choices.seats.map(seatsLabel))} for a ${car}.`;
  }
  return issues;
}

/** Kilometres a lead may carry: a whole number up to 20 lakh km. */
export const KM_DRIVEN_MAX = 2_000_000;

/** The lead submission wizard, shared by the form and `POST /api/leads`. */
export const leadSubmissionSchema = z
  .object({
    year: z
      .number({ error: m.year })
      .int(m.year)
      .min(OLDEST_LEAD_YEAR, m.year)
      .refine((year) => year <= currentYear(), m.year),
    brand: brandChoice,
    model: requiredWizardText(m.model, LIMITS.textMax),
    /** Optional: an owner may not know the trim. */
    varient: z
      .string()
      .trim()
      .max(LIMITS.textMax, textMessages.maxLength('Variant', LIMITS.textMax))
      .nullish(),
    ownerType: catalogueChoice(WIZARD_OWNER_TYPES, m.ownerType, 'Owner Type'),
    transmission: catalogueChoice(TRANSMISSIONS, m.transmission, 'Transmission'),
    fuelType: catalogueChoice(FUELS, m.fuelType, 'Fuel Type'),
    seats: z
      .number({ error: m.seats })
      .int(m.seats)
      .min(FILTER_SEATS.min, m.seats)
      .max(FILTER_SEATS.max, m.seats),
    kmDriven: z
      .number({ error: m.kmDriven })
      .int(m.kmDriven)
      .min(0, m.kmDriven)
      .max(KM_DRIVEN_MAX, `Kilometres Driven must be at most ${groupIndian(KM_DRIVEN_MAX)}.`)
      .nullish(),
    fullName: requiredWizardText(m.fullName, LIMITS.textMax),
    city: requiredWizardText(m.city, LIMITS.textMax),
    /** Optional: the registration state; without it, the city's. */
    rto: catalogueChoice(RTO_CODES, 'RTO must be one of DL, UP, HR, RJ.', 'RTO').nullish(),
    phoneNumber: z
      .string({ error: m.phoneNumber })
      .trim()
      .regex(/^\d{10}$/, m.phoneNumber)
      .regex(INDIAN_MOBILE, textMessages.notIndianMobile('Phone Number')),
    price: z
      .number({ error: m.price })
      .int(m.price)
      .min(1, m.price)
      .max(1_000_000_000, 'Expected Price is too large.'),
    /** The owner agrees to share the number with up to `maxDealersPerLead` dealers (DPDP Act consent). */
    consent: z.literal(true, { error: m.consent }),
    /** POST /api/phone-verifications/{id}/confirm's token for this phoneNumber (required when PHONE_VERIFICATION=required). */
    verificationToken: z.string().max(200).optional(),
    /** Seconds the wizard was open before this submission; a form filled faster than a person can goes to moderation. */
    fillSeconds: z.number().int().min(0).max(86_400).optional(),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(carFactIssues(value))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  });
/** What the wizard sends (labels or slugs). */
export type LeadSubmissionInput = z.input<typeof leadSubmissionSchema>;
/** A valid submission, catalogue choices as slugs. */
export type LeadSubmission = z.infer<typeof leadSubmissionSchema>;

/** `POST /api/leads` answers with the stored lead and the owner's private link (`/my-car/{token}`). */
export const leadSubmissionResultSchema = leadSchema.extend({ manageUrl: z.string() });
export type LeadSubmissionResult = z.infer<typeof leadSubmissionResultSchema>;

/** Admin lead edit: only the status may change (docs/screens.md); other fields in the body are ignored. */
export const leadUpdateSchema = z.object({
  status: z.boolean({ error: 'Status must be true or false' }),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const OWNER_VALUES = values(OWNERS);
