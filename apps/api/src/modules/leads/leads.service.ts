// Lead rules: who sees inactive leads and full phone numbers, and how a submitted lead is stored.
import {
  DUPLICATE_LEAD_WINDOW_DAYS,
  apiMessages,
  type Lead,
  type LeadFilter,
  type LeadSubmission,
} from '@dealerleads/shared';
import {
  CITY_RTO_STATE,
  findCity,
  findModel,
  findVariant,
} from '@dealerleads/shared/catalogues';
import { dbBool, type Engine, type Queryable } from '../../db/database';
import { badRequest, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { isAdmin, type Caller } from '../../plugins/auth';
import { canonicalLeadFilter, type CanonicalLeadFilter } from './lead-filters';
import { isIndexable, type LeadListIndex } from './lead-list-index';
import { LeadPageBody } from './lead-page-body';
import { LeadPageCache, VersionedCache, type CachedLeadPage } from './lead-page-cache';
import { UnlockedLeads } from './unlocked-leads';
import {
  totalCapOf,
  findLeadById,
  hasRecentDuplicate,
  insertLead,
  leadPageOf,
  matchedOf,
  type LeadPage,
  searchLeads,
  toLead,
  unlockedLeadIds,
  updateLeadStatus,
} from './leads.repository';

/** One page of the lead list as a caller sees it. */
export interface LeadListPage {
  page: CachedLeadPage;
  /** Leads of this page the caller has unlocked (always empty for Admin and anonymous callers). */
  unlocked: Set<number>;
}

/** Where the list finds its pages: the in-memory lead list index, else SQL; recent pages are kept in the cache. */
export interface LeadListSources {
  engine: Engine;
  cache: LeadPageCache;
  listIndex: LeadListIndex;
  /** Capped counts per filter mix (any page): paging through a mix counts once, until the next lead change. */
  counts: VersionedCache<number>;
  /** Each dealer's unlocked leads, for the unlocked flags of a page. */
  unlocks: UnlockedLeads;
}

export function leadListSources(engine: Engine, listIndex: LeadListIndex): LeadListSources {
  return {
    engine,
    cache: new LeadPageCache(),
    listIndex,
    counts: new VersionedCache<number>(5000),
    unlocks: new UnlockedLeads(),
  };
}

/**
 * One newest-first page and its capped total at `version` of the leads: from the in-memory index, or from SQL for text
 * filters (and while the index is still loading). A count already made for the filter mix is reused.
 */
export async function findLeadPage(
  db: Queryable,
  { engine, listIndex, counts }: LeadListSources,
  filter: CanonicalLeadFilter,
  page: { pageNumber: number; pageSize: number },
  admin: boolean,
  version: number,
  onIndexError: (error: unknown) => void,
): Promise<LeadPage> {
  const countKey = JSON.stringify([filter, admin]);
  const known = counts.peek(countKey, version);
  const cap = totalCapOf(filter);
  let found: LeadPage;
  if (!isIndexable(filter) || !listIndex.loaded) {
    // Text filters need SQL's text indexes.
    listIndex.startLoading(db, onIndexError);
    const { rows, matched } = await searchLeads(db, engine, filter, page, admin, known);
    found = leadPageOf(LeadPageBody.ofRows(rows, admin), matched, cap);
  } else {
    await listIndex.syncTo(db, version);
    const { body, matched } = listIndex.page(
      filter,
      offsetOf(page.pageNumber, page.pageSize),
      page.pageSize,
      admin,
      known === undefined ? cap + 1 : 0,
    );
    found = leadPageOf(body, known ?? matched, cap);
  }
  counts.set(countKey, version, matchedOf(found));
  return found;
}

export async function listLeads(
  db: Queryable,
  sources: LeadListSources,
  caller: Caller | undefined,
  filter: LeadFilter,
  onIndexError: (error: unknown) => void,
): Promise<LeadListPage> {
  const admin = isAdmin(caller);
  const canonical = canonicalLeadFilter(filter);
  const { version, unlocksRevision } = await LeadPageCache.versionsFor(db, caller?.id ?? 0);
  const page = await sources.cache.get(LeadPageCache.key(canonical, filter, admin), version, () =>
    findLeadPage(db, sources, canonical, filter, admin, version, onIndexError),
  );
  const unlocked =
    caller && !admin
      ? await sources.unlocks.among(db, caller.id, unlocksRevision, page.body.ids)
      : new Set<number>();
  return { page, unlocked };
}

/** The page's JSON body for this caller: their unlocked leads' contacts shown. */
export function leadListBody({ page, unlocked }: LeadListPage): Buffer {
  return page.body.forCaller(unlocked);
}

/** A lead as the caller may see it; an inactive lead exists only for Admin. */
export async function getLead(
  db: Queryable,
  caller: Caller | undefined,
  id: number,
): Promise<Lead> {
  const row = await findLeadById(db, id);
  const admin = isAdmin(caller);
  if (!row || (!row.status && !admin)) throw notFound(apiMessages.leadNotFound);
  const unlocked =
    admin || (caller !== undefined && (await unlockedLeadIds(db, caller.id, [id])).has(id));
  return toLead(row, unlocked);
}

export async function setLeadStatus(db: Queryable, id: number, status: boolean): Promise<Lead> {
  const row = await updateLeadStatus(db, id, status);
  if (!row) throw notFound(apiMessages.leadNotFound);
  return toLead(row, true);
}

export async function submitLead(
  db: Queryable,
  input: LeadSubmission,
  now = new Date(),
): Promise<Lead> {
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
    // design.md §9.4: the ownership order is the chosen Owner Type.
    owner_name: input.ownerType,
    transmission: input.transmission,
    seats: input.seats,
    price: input.price,
    km_driven: input.kmDriven ?? null,
    status: dbBool(true),
    created_on: now.toISOString(),
  });
  // The owner who submitted it is not a dealer: the contact stays masked in the answer too.
  return toLead(row, false);
}
