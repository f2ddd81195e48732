// The lead's columns as a list reads, holds and shows them, in one place: the one list of columns (LEAD_COLUMNS), the
// API shape (toLead, its JSON field order), the masked phone number and the lead's JSON (leadJson).
import { LIMITS, coverPhotos, priceVsMarket, shownOwnerName, type Lead } from '@dealerleads/shared';
import { fromDbBool } from '../../../db/database';
import type { LeadRow } from '../../../db/schema';

/**
 * The one list of a lead's columns that a list reads: the engine holds them, a page shows them (toLead, and
 * page-writer.ts byte for byte), the SQL fallback reads them. A new shown column goes here and in toLead.
 */
export const LEAD_COLUMNS = [
  'id',
  'full_name',
  'city',
  'brand',
  'model',
  'varient',
  'rto',
  'year',
  'fuel_type',
  'owner_name',
  'transmission',
  'seats',
  'price',
  'km_driven',
  'status',
  'created_on',
  'unlock_count',
  'phone_number',
  'listing_status',
  'has_photos',
  'cover_photo',
  'market_low',
  'market_median',
  'market_high',
  'phone_verified',
  'verified_on',
] as const satisfies readonly (keyof LeadRow)[];

/** A lead's row as a list reads it (LEAD_COLUMNS). */
export type LeadListRow = Pick<LeadRow, (typeof LEAD_COLUMNS)[number]>;

/** An active lead of one model as the price guide compares it (LeadBitmaps.modelLeads). */
export interface ModelLead {
  year: number;
  fuelType: string;
  transmission: string;
  kmDriven: number | null;
  price: number;
}

/** Every character but the last 3 becomes X: what a caller who has not unlocked the lead sees. */
export function maskPhone(phone: string): string {
  const visible = LIMITS.phoneMaskVisible;
  return phone.length <= visible
    ? 'X'.repeat(phone.length)
    : 'X'.repeat(phone.length - visible) + phone.slice(-visible);
}

/**
 * The API shape; the owner's full name and phone number leave only when `unlocked` (else 'Rahul S.' and a masked
 * number); `maxDealers` is the cap in force.
 */
export function toLead(row: LeadListRow, unlocked: boolean, maxDealers: number): Lead {
  return {
    id: row.id,
    fullName: unlocked ? row.full_name : shownOwnerName(row.full_name),
    phoneNumber: unlocked ? row.phone_number : maskPhone(row.phone_number),
    city: row.city,
    brand: row.brand,
    model: row.model,
    varient: row.varient,
    rto: row.rto,
    year: row.year,
    fuelType: row.fuel_type,
    ownerName: row.owner_name,
    transmission: row.transmission,
    seats: row.seats,
    price: row.price,
    kmDriven: row.km_driven,
    status: fromDbBool(row.status),
    createdOn: row.created_on,
    listingStatus: row.listing_status,
    unlocked,
    unlockCount: row.unlock_count,
    maxDealers,
    photos: coverPhotos(row.cover_photo),
    marketPrice:
      row.market_low === null || row.market_median === null || row.market_high === null
        ? null
        : { low: row.market_low, median: row.market_median, high: row.market_high },
    priceVsMarket: row.market_low === null ? null : priceVsMarket(row.price, row.market_median),
    phoneVerified: fromDbBool(row.phone_verified),
    verifiedOn: row.verified_on,
  };
}

/** The fixed parts of a lead's JSON, in toLead's field order, as page-writer.ts writes them, in UTF-8. */
const SHOWN_TEXT = {
  id: '{"id":',
  price: ',"price":',
  kmDriven: ',"kmDriven":',
  createdOn: ',"status":true,"createdOn":"',
  unlockCount: ',"unlocked":false,"unlockCount":',
  maxDealers: ',"maxDealers":',
  marketLow: ',"marketPrice":{"low":',
  marketMedian: ',"median":',
  marketHigh: ',"high":',
  noMarket: ',"marketPrice":null,"priceVsMarket":null',
  priceVsMarket: '},"priceVsMarket":',
  unverified: ',"phoneVerified":false,"verifiedOn":null}',
  verifiedOn: ',"phoneVerified":true,"verifiedOn":"',
  verifiedEnd: '"}',
};
export const SHOWN = Object.fromEntries(
  Object.entries(SHOWN_TEXT).map(([part, text]) => [part, Buffer.from(text)]),
) as Record<keyof typeof SHOWN_TEXT, Buffer>;

/**
 * A lead as JSON: a page is these joined in an array. `lead` comes from toLead, an object of exactly leadSchema's
 * fields (the route's response schema, which `lead-page-rows.test.ts` holds the list to), so V8's own JSON.stringify
 * writes it: a flat string, cheaper than the schema's compiled serializer, whose many-piece strings every page then
 * had to flatten (decision 0004).
 */
export function leadJson(lead: Lead): string {
  return JSON.stringify(lead);
}
