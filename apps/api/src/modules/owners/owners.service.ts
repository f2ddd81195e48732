// Owners in control: the private link made at submission, the owner's view of their lead, price and closing changes.
import { pushLeadChanged } from '../push/push.service';
import {
  carFactIssues,
  type ListingStatus,
  type OwnerLead,
  type OwnerLeadUpdate,
  ownerMessages,
} from '@dealerleads/shared';
import { fromDbBool, type Db, type Engine, type Queryable } from '../../db/database';
import type { LeadRow } from '../../db/schema';
import { runWrite } from '../../db/write-batcher';
import { badRequest, notFound } from '../../plugins/errors';
import { maskPhone } from '../leads/leads.repository';
import { readSettings } from '../settings/settings.service';
import {
  hashOwnerToken,
  isOwnerTokenShaped,
  newOwnerToken,
  OWNER_PATH_PREFIX,
} from './owner-token';

/** Makes the owner's link for a new lead (inside its insert's transaction) and returns its path. */
export async function createOwnerLink(db: Queryable, leadId: number, now: Date): Promise<string> {
  const token = newOwnerToken();
  await db
    .insertInto('owner_tokens')
    .values({ lead_id: leadId, token_hash: hashOwnerToken(token), created_on: now.toISOString() })
    .execute();
  return `${OWNER_PATH_PREFIX}${token}`;
}

/**
 * A new private link for an existing lead, replacing the old one (only its hash is kept, so the old link cannot be
 * sent again): used when its owner submits the car again and the link goes to the lead's own number by SMS.
 */
export async function reissueOwnerLink(db: Queryable, leadId: number, now: Date): Promise<string> {
  const token = newOwnerToken();
  const replaced = await db
    .updateTable('owner_tokens')
    .set({ token_hash: hashOwnerToken(token), created_on: now.toISOString() })
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  if (Number(replaced.numUpdatedRows) === 0) return createOwnerLink(db, leadId, now);
  return `${OWNER_PATH_PREFIX}${token}`;
}

async function leadOfToken(db: Queryable, token: string): Promise<LeadRow> {
  // A malformed token cannot match: answered without a lookup, with the same 404 as a wrong one.
  if (!isOwnerTokenShaped(token)) throw notFound(ownerMessages.notFound);
  const row = await db
    .selectFrom('owner_tokens')
    .innerJoin('leads', 'leads.id', 'owner_tokens.lead_id')
    .selectAll('leads')
    .where('owner_tokens.token_hash', '=', hashOwnerToken(token))
    .executeTakeFirst();
  if (!row) throw notFound(ownerMessages.notFound);
  return row;
}

/** The lead behind an owner's link (404 when the link matches none): what the photo routes act on. */
export function ownerLeadRow(db: Queryable, token: string): Promise<LeadRow> {
  return leadOfToken(db, token);
}

async function ownerView(db: Queryable, row: LeadRow): Promise<OwnerLead> {
  const settings = await readSettings(db);
  return {
    id: row.id,
    fullName: row.full_name,
    phoneNumber: maskPhone(row.phone_number),
    city: row.city,
    brand: row.brand,
    model: row.model,
    year: row.year,
    fuelType: row.fuel_type,
    ownerName: row.owner_name,
    transmission: row.transmission,
    seats: row.seats,
    price: row.price,
    createdOn: row.created_on,
    listingStatus: row.listing_status,
    listed: fromDbBool(row.status),
    expiresOn: row.expires_on,
    // The lead's own count, kept by the unlock's transaction (the cap's count): what dealers see too.
    unlockCount: row.unlock_count,
    maxDealers: settings.maxDealersPerLead,
    phoneVerified: fromDbBool(row.phone_verified),
    verifiedOn: row.verified_on,
  };
}

export async function getOwnerLead(db: Queryable, token: string): Promise<OwnerLead> {
  return ownerView(db, await leadOfToken(db, token));
}

/**
 * The owner changes the price, or closes the listing (sold, withdrawn): a closed lead leaves the list at once
 * (status 0) and cannot change again. Only an open lead may change.
 */
export async function updateOwnerLead(
  { db, engine }: { db: Db; engine: Engine },
  token: string,
  update: OwnerLeadUpdate,
  now: Date = new Date(),
): Promise<OwnerLead> {
  return runWrite(db, engine, async (tx) => {
    const row = await leadOfToken(tx, token);
    if (row.listing_status !== 'open') throw badRequest(ownerMessages.closed);
    // The same bounds as a submission: the car's model and age set what it can fetch.
    const priceIssue =
      update.price === undefined
        ? undefined
        : carFactIssues(
            { brand: row.brand, model: row.model, year: row.year, price: update.price },
            now,
          ).price;
    if (priceIssue) throw badRequest(priceIssue);
    const closing: ListingStatus | undefined = update.listingStatus;
    const updated = await tx
      .updateTable('leads')
      .set({
        ...(update.price !== undefined ? { price: update.price } : {}),
        ...(closing ? { listing_status: closing, status: 0, closed_on: now.toISOString() } : {}),
      })
      .where('id', '=', row.id)
      // Two owners' tabs racing: only the first close of an open lead wins.
      .where('listing_status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw badRequest(ownerMessages.closed);
    await pushLeadChanged(tx, updated, closing ?? 'repriced', now);
    return ownerView(tx, updated);
  });
}
