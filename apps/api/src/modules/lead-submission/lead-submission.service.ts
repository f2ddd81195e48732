// Lead submission, the wizard's use case: duplicate check, moderation's verdict, the stored lead, its owner link and
// the dealers' alerts, in one write transaction. It sits above leads, alerts, moderation and owners so none of
// those imports another in a circle.
import {
  DUPLICATE_LEAD_WINDOW_DAYS,
  apiMessages,
  type LeadSubmission,
  type LeadSubmissionResult,
} from '@dealerleads/shared';
import {
  CITY_RTO_STATE,
  findBrand,
  findCity,
  findModel,
  findVariant,
  priceBounds,
} from '@dealerleads/shared/catalogues';
import { dbBool, type Db, type Engine, type Tx } from '../../db/database';
import type { LeadRow } from '../../db/schema';
import { runWrite } from '../../db/write-batcher';
import { badRequest } from '../../plugins/errors';
import { recordNewLeadAlerts } from '../alerts/alerts.service';
import { hasRecentDuplicate, insertLead, toLead } from '../leads/leads.repository';
import { assessSubmission } from '../moderation/moderation.service';
import { createOwnerLink } from '../owners/owners.service';
import { guideForCar, type PriceGuideSources } from '../price-guide/price-guide.service';
import { readSettings } from '../settings/settings.service';
import { NO_GUIDE, judgePrice, type PriceJudgement } from './price-judgement';

export interface SubmitOptions {
  /** Days until an open lead leaves the list (LEAD_TTL_DAYS). */
  leadTtlDays: number;
  now?: Date;
  /** Where the market price guide reads comparables (without it, prices are held to the catalogue's bounds only). */
  priceGuide?: PriceGuideSources;
  /** The number was proven by a verification token (checked by the route). */
  phoneVerified?: boolean;
}

/**
 * Stores a wizard submission in one write transaction: the duplicate check, moderation's verdict (a flagged lead is
 * held off the list while the holdFlaggedLeads setting is on), the lead, and the owner's private link.
 */
export async function submitLead(
  { db, engine }: { db: Db; engine: Engine },
  input: LeadSubmission,
  { leadTtlDays, now = new Date(), priceGuide, phoneVerified = false }: SubmitOptions,
): Promise<LeadSubmissionResult> {
  // Judged before the write transaction: the guide reads the engine's columns (or SQL) and never holds the writer.
  const market = priceGuide
    ? await marketJudgement(priceGuide, input, now)
    : { offMarket: false, columns: NO_GUIDE };
  if (market.refusal) throw badRequest(market.refusal);
  return runWrite(db, engine, async (tx) => {
    const { row, manageUrl } = await insertSubmission(
      tx,
      input,
      now,
      leadTtlDays,
      market,
      phoneVerified,
    );
    await recordNewLeadAlerts(tx, engine, row, now);
    // The owner who submitted it is not a dealer: the contact stays masked in the answer too.
    return { ...toLead(row, false, (await readSettings(tx)).maxDealersPerLead), manageUrl };
  });
}

/** The market guide's word on the submitted price (schema-valid input: the model and year are the catalogue's). */
async function marketJudgement(
  sources: PriceGuideSources,
  input: LeadSubmission,
  now: Date,
): Promise<PriceJudgement> {
  const model = findModel(input.brand, input.model);
  if (!model) return { offMarket: false, columns: NO_GUIDE };
  const guide = await guideForCar(
    sources,
    {
      brand: input.brand,
      model: model.name,
      year: input.year,
      fuelType: input.fuelType,
      transmission: input.transmission,
      kmDriven: input.kmDriven ?? null,
    },
    now,
  );
  const car = `${input.year} ${findBrand(input.brand)?.label ?? input.brand} ${model.name}`;
  return judgePrice(input.price, guide, priceBounds(model, input.year, now), car);
}

async function insertSubmission(
  db: Tx,
  input: LeadSubmission,
  now: Date,
  leadTtlDays: number,
  market: PriceJudgement,
  phoneVerified: boolean,
): Promise<{ row: LeadRow; manageUrl: string }> {
  // The schema has checked the car and the city against the catalogue; store the catalogue's spellings.
  const city = findCity(input.city) ?? input.city;
  const model = findModel(input.brand, input.model);
  const variant = model && input.varient ? findVariant(model, input.varient)?.name : undefined;
  const since = new Date(now.getTime() - DUPLICATE_LEAD_WINDOW_DAYS * 86_400_000).toISOString();
  if (
    await hasRecentDuplicate(
      db,
      { phone: input.phoneNumber, brand: input.brand, model: model?.name ?? input.model },
      since,
    )
  ) {
    throw badRequest(apiMessages.duplicateLead);
  }
  const verdict = await assessSubmission(db, input.phoneNumber, now, {
    offMarket: market.offMarket,
  });
  const held = verdict.flags.length > 0 && (await readSettings(db)).holdFlaggedLeads;
  const row = await insertLead(db, {
    full_name: input.fullName,
    phone_number: input.phoneNumber,
    city,
    brand: input.brand,
    model: model?.name ?? input.model,
    varient: variant ?? null,
    // Without a registration state from the owner, the city's.
    rto: input.rto ?? CITY_RTO_STATE[city] ?? null,
    year: input.year,
    fuel_type: input.fuelType,
    // docs/deviations.md: the ownership order is the chosen Owner Type.
    owner_name: input.ownerType,
    transmission: input.transmission,
    seats: input.seats,
    price: input.price,
    km_driven: input.kmDriven ?? null,
    status: dbBool(!held),
    created_on: now.toISOString(),
    ...verdict.columns,
    ...market.columns,
    expires_on: new Date(now.getTime() + leadTtlDays * 86_400_000).toISOString(),
    phone_verified: dbBool(phoneVerified),
    verified_on: phoneVerified ? now.toISOString() : null,
  });
  const manageUrl = await createOwnerLink(db, row.id, now);
  return { row, manageUrl };
}
