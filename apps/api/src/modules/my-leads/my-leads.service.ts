// My Leads rules: only leads the caller unlocked, 'due' in India's calendar, the CSV of the current view.
import { Readable } from 'node:stream';
import {
  LEAD_STAGES,
  type FollowUpCounts,
  type LeadNote,
  type LeadStage,
  type MyLead,
  type MyLeadUpdate,
  type MyLeadsQuery,
  disputableUntil,
} from '@dealerleads/shared';
import { findBrand, FUELS, labelOrValue, TRANSMISSIONS } from '@dealerleads/shared/catalogues';
import {
  fromDbBool,
  type Db,
  type Engine,
  type LongReads,
  type Queryable,
} from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { todayInIndia } from '../../lib/calendar';
import { forbidden, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { csvLine, UTF8_BOM } from './csv';
import {
  countFollowUps,
  countMyLeads,
  findMyLeadsChunk,
  findMyLeadsPage,
  hasUnlocked,
  insertNote,
  leadExists,
  notesOf,
  upsertDealerLead,
  myLeadsChunks,
  type MyLeadsFilter,
  type MyLeadsRow,
} from './my-leads.repository';

export const myLeadsMessages = {
  notUnlocked: 'Unlock this lead to work on it in My Leads',
  leadNotFound: 'Lead not found',
} as const;

/** Notes listed for one lead (newest first); a dealer writing more keeps them all, the screen shows these. */
const NOTES_SHOWN = 200;

function stageOf(value: string | null): LeadStage {
  return (LEAD_STAGES as readonly string[]).includes(value ?? '') ? (value as LeadStage) : 'new';
}

export function toMyLead(row: MyLeadsRow): MyLead {
  return {
    leadId: row.lead_id,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    city: row.city,
    brand: row.brand,
    model: row.model,
    varient: row.varient,
    year: row.year,
    fuelType: row.fuel_type,
    transmission: row.transmission,
    price: row.price,
    kmDriven: row.km_driven,
    listingStatus: row.listing_status,
    unlockedOn: row.unlocked_on,
    stage: stageOf(row.stage),
    followUpOn: row.follow_up_on,
    lastNote: row.last_note,
    lastNoteOn: row.last_note_on,
    dispute:
      row.dispute_id === null || row.dispute_status === null || row.dispute_reason === null
        ? null
        : {
            id: row.dispute_id,
            status: row.dispute_status,
            reason: row.dispute_reason,
            adminNote: row.dispute_admin_note,
          },
    disputableUntil: disputableUntil(row.unlocked_on),
    phoneVerified: fromDbBool(row.phone_verified),
    verifiedOn: row.verified_on,
  };
}

function filterOf(query: MyLeadsQuery): MyLeadsFilter {
  return { stage: query.stage, due: query.due, searchterm: query.searchterm };
}

export async function listMyLeads(
  database: LongReads,
  userId: number,
  query: MyLeadsQuery,
  now = new Date(),
): Promise<{ items: MyLead[]; total: number }> {
  const today = todayInIndia(now);
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    findMyLeadsPage(database, userId, filter, today, {
      offset: offsetOf(query.pageNumber, query.pageSize),
      limit: query.pageSize,
    }),
    countMyLeads(database, userId, filter, today),
  ]);
  return { items: rows.map(toMyLead), total };
}

export function followUpCounts(
  db: Queryable,
  userId: number,
  now = new Date(),
): Promise<FollowUpCounts> {
  return countFollowUps(db, userId, todayInIndia(now));
}

/** The caller must have unlocked the lead: 403 for a lead they did not, 404 for one that does not exist. */
async function assertInMyLeads(db: Queryable, userId: number, leadId: number): Promise<void> {
  if (await hasUnlocked(db, userId, leadId)) return;
  if (await leadExists(db, leadId)) throw forbidden(myLeadsMessages.notUnlocked);
  throw notFound(myLeadsMessages.leadNotFound);
}

async function myLead(db: Queryable, userId: number, leadId: number): Promise<MyLead> {
  const [row] = await findMyLeadsChunk({ db }, userId, { leadId }, todayInIndia(), undefined, 1);
  if (!row) throw notFound(myLeadsMessages.leadNotFound);
  return toMyLead(row);
}

export async function updateMyLead(
  db: Db,
  engine: Engine,
  userId: number,
  leadId: number,
  update: MyLeadUpdate,
  now = new Date(),
): Promise<MyLead> {
  await runWrite(db, engine, async (tx) => {
    await assertInMyLeads(tx, userId, leadId);
    await upsertDealerLead(tx, {
      userId,
      leadId,
      stage: update.stage,
      followUpOn: update.followUpOn,
      now: now.toISOString(),
    });
  });
  return myLead(db, userId, leadId);
}

export async function addNote(
  db: Db,
  engine: Engine,
  userId: number,
  leadId: number,
  text: string,
  now = new Date(),
): Promise<LeadNote> {
  const row = await runWrite(db, engine, async (tx) => {
    await assertInMyLeads(tx, userId, leadId);
    return insertNote(tx, { userId, leadId, text, now: now.toISOString() });
  });
  return { id: row.id, text: row.text, createdOn: row.created_on };
}

export async function listNotes(
  db: Queryable,
  userId: number,
  leadId: number,
): Promise<LeadNote[]> {
  await assertInMyLeads(db, userId, leadId);
  const rows = await notesOf(db, userId, leadId, NOTES_SHOWN);
  return rows.map((r) => ({ id: r.id, text: r.text, createdOn: r.created_on }));
}

const indiaDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const CSV_HEADER = [
  'Unlocked on (IST)',
  'Owner',
  'Phone',
  'City',
  'Brand',
  'Model',
  'Variant',
  'Year',
  'Fuel',
  'Transmission',
  'Price (₹)',
  'Km driven',
  'Stage',
  'Follow-up on',
  'Last note',
] as const;

function csvRow(lead: MyLead): string {
  return csvLine([
    indiaDateTime.format(new Date(lead.unlockedOn)).replace(',', ''),
    lead.fullName,
    lead.phoneNumber,
    lead.city,
    findBrand(lead.brand)?.label ?? lead.brand,
    lead.model,
    lead.varient,
    lead.year,
    labelOrValue(FUELS, lead.fuelType),
    labelOrValue(TRANSMISSIONS, lead.transmission),
    lead.price,
    lead.kmDriven,
    lead.stage,
    lead.followUpOn,
    lead.lastNote,
  ]);
}

/** The whole current view (every page of it) as CSV, streamed in chunks read by keyset. */
export function myLeadsCsv(
  database: LongReads,
  userId: number,
  query: MyLeadsQuery,
  now = new Date(),
): Readable {
  const today = todayInIndia(now);
  const filter = filterOf(query);
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(CSV_HEADER);
    for await (const rows of myLeadsChunks(database, userId, filter, today)) {
      yield rows.map((row) => csvRow(toMyLead(row))).join('');
    }
  }
  return Readable.from(lines());
}
