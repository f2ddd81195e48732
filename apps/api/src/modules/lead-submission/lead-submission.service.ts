// Lead submission, the wizard's use case: duplicate check, moderation's verdict, the stored lead, its owner link and
// the dealers' alerts, in one write transaction. It sits above leads, alerts, moderation and owners so none of
// those imports another in a circle.
import {
  DUPLICATE_LEAD_WINDOW_DAYS,
  apiMessages,
  FAST_FILL_SECONDS,
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
import { insertLead, recentDuplicateId, toLead } from '../leads/leads.repository';
import { assessSubmission, recordSubmitterIp } from '../moderation/moderation.service';
import { createOwnerLink, reissueOwnerLink } from '../owners/owners.service';
import { guideForCar, type PriceGuideSources } from '../price-guide/price-guide.service';
import { readSettings } from '../settings/settings.service';
import { queueSms } from '../sms/sms.service';
import { NO_GUIDE, judgePrice, type PriceJudgement } from './price-judgement';

export interface SubmitOptions {
  /** Days until an open lead leaves the list (LEAD_TTL_DAYS). */
  leadTtlDays: number;
  now?: Date;
  /** Where the market price guide reads comparables (without it, prices are held to the catalogue's bounds only). */
  priceGuide?: PriceGuideSources;
  /** The number was proven by a verification token (checked by the route). */
  phoneVerified?: boolean;
  /** The web app's address (PUBLIC_URL): the private link sent again by SMS starts with it. */
  publicUrl?: string;
  /** The submitter's IP as moderation keeps it (submitterIpHash), for the busy-network signal. */
  ipHash?: string;
  /** Below this many seconds of filling the lead goes to moderation (FAST_FILL_SECONDS; 0: never). */
  fastFillSeconds?: number;
}

/** A lead's private link goes again by SMS at most this often, however often its car is submitted again. */
export const OWNER_LINK_RESEND_MS = 3_600_000;

/** The submission repeats a lead of the last 30 days (thrown inside the write, answered outside it). */
class DuplicateLead extends Error {
  constructor(readonly leadId: number) {
    super('duplicate lead');
  }
}

/**
 * Stores a wizard submission in one write transaction: the duplicate check, moderation's verdict (a flagged lead is
 * held off the list while the holdFlaggedLeads setting is on), the lead, and the owner's private link.
 */
export async function submitLead(
  { db, engine }: { db: Db; engine: Engine },
  input: LeadSubmission,
  {
    leadTtlDays,
    now = new Date(),
    priceGuide,
    phoneVerified = false,
    publicUrl,
    ipHash,
    fastFillSeconds = FAST_FILL_SECONDS,
  }: SubmitOptions,
): Promise<LeadSubmissionResult> {
  // Judged before the write transaction: the guide reads the engine's columns (or SQL) and never holds the writer.
  const market = priceGuide
    ? await marketJudgement(priceGuide, input, now)
    : { offMarket: false, columns: NO_GUIDE };
  if (market.refusal) throw badRequest(market.refusal);
  try {
    return await runWrite(db, engine, async (tx) => {
      const { row, manageUrl } = await insertSubmission(tx, input, now, leadTtlDays, market, {
        phoneVerified,
        ipHash,
        fastFillSeconds,
      });
      await recordNewLeadAlerts(tx, engine, row, now);
      // The owner who submitted it is not a dealer: the contact stays masked in the answer too.
      return { ...toLead(row, false, (await readSettings(tx)).maxDealersPerLead), manageUrl };
    });
  } catch (error) {
    if (!(error instanceof DuplicateLead)) throw error;
    await resendOwnerLink({ db, engine }, error.leadId, input.phoneNumber, now, publicUrl);
    throw badRequest(apiMessages.duplicateLead);
  }
}

class AlreadyQueued extends Error {}

/**
 * Sends the existing lead's private link again, by SMS to that lead's number (the one just submitted, which matched
 * it), through the outbox; at most once an hour per lead, so repeating the form cannot flood a number with texts.
 */
async function resendOwnerLink(
  { db, engine }: { db: Db; engine: Engine },
  leadId: number,
  phone: string,
  now: Date,
  publicUrl = '',
): Promise<void> {
  const since = new Date(now.getTime() - OWNER_LINK_RESEND_MS).toISOString();
  await runWrite(db, engine, async (tx) => {
    const recent = await tx
      .selectFrom('sms_outbox')
      .select('id')
      .where('idempotency_key', 'like', `owner-link-${leadId}-%`)
      .where('created_on', '>', since)
      .limit(1)
      .executeTakeFirst();
    if (recent) return;
    const link = `${publicUrl}${await reissueOwnerLink(tx, leadId, now)}`;
    const queued = await queueSms(
      tx,
      {
        // One key per lead and hour as well: two duplicates racing queue one text.
        idempotencyKey: `owner-link-${leadId}-${Math.floor(now.getTime() / OWNER_LINK_RESEND_MS)}`,
        phone,
        body: `Your car is already listed on DealerLeads. See and manage it here: ${link}`,
        template: 'owner-link',
        vars: { link },
      },
      now,
    );
    // Not queued: the link must not change either, or the owner would hold a link that no longer works.
    if (queued === undefined) throw new AlreadyQueued();
  }).catch((error: unknown) => {
    if (!(error instanceof AlreadyQueued)) throw error;
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
  {
    phoneVerified,
    ipHash,
    fastFillSeconds,
  }: { phoneVerified: boolean; ipHash: string | undefined; fastFillSeconds: number },
): Promise<{ row: LeadRow; manageUrl: string }> {
  // The schema has checked the car and the city against the catalogue; store the catalogue's spellings.
  const city = findCity(input.city) ?? input.city;
  const model = findModel(input.brand, input.model);
  const variant = model && input.varient ? findVariant(model, input.varient)?.name : undefined;
  const since = new Date(now.getTime() - DUPLICATE_LEAD_WINDOW_DAYS * 86_400_000).toISOString();
  const duplicate = await recentDuplicateId(
    db,
    { phone: input.phoneNumber, brand: input.brand, model: model?.name ?? input.model },
    since,
  );
  if (duplicate !== undefined) throw new DuplicateLead(duplicate);
  const verdict = await assessSubmission(db, input.phoneNumber, now, {
    offMarket: market.offMarket,
    ...(input.fillSeconds === undefined ? {} : { fillSeconds: input.fillSeconds }),
    fastFillSeconds,
    ...(ipHash === undefined ? {} : { ipHash }),
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
  if (ipHash !== undefined) await recordSubmitterIp(db, ipHash, now);
  const manageUrl = await createOwnerLink(db, row.id, now);
  return { row, manageUrl };
}
