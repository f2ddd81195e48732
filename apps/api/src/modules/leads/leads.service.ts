// Lead rules: who sees inactive leads and full phone numbers (a submission is modules/lead-submission).
import { apiMessages, leadPhotoOf, type Lead, type LeadFilter } from '@dealerleads/shared';
import { fromDbBool, type DatabaseHandle, type Queryable } from '../../db/database';
import { JsonBytes } from '../../lib/json-bytes';
import { displaySettings, readSettings } from '../settings/settings.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { isAdmin, type Caller } from '../../plugins/auth';
import {
  canonicalLeadFilter,
  PAGE_BYTES,
  type LeadListEngine,
  type LeadListRow,
  type RowsAndVersions,
} from './list-engine';
import { UnlockedLeads } from './unlocked-leads';
import {
  findLeadById,
  findLeadIdPage,
  leadJson,
  leadRowsAndVersions,
  photosOfLead,
  toLead,
  unlockedLeadIds,
  updateLeadStatus,
  type LeadIdPage,
} from './leads.repository';

/** One page of the lead list as a caller sees it. */
export interface LeadListPage extends LeadIdPage {
  /** The page's leads as the JSON array the route sends, in UTF-8 (leadJson, masked unless the caller may see the contact). */
  json: Buffer;
  /** Where the page came from: the engine's bitmaps, or SQL (while the engine loads, lags or has failed). */
  source: 'engine' | 'sql';
}

/**
 * What the list needs besides the database: its engine and off-thread reader (for the SQL fallback), the lead list
 * engine, and each dealer's unlocked leads.
 */
export interface LeadListSources extends Pick<DatabaseHandle, 'engine' | 'readOffThread'> {
  listEngine: LeadListEngine;
  unlocks: UnlockedLeads;
}

export function leadListSources(
  { engine, readOffThread }: Pick<DatabaseHandle, 'engine' | 'readOffThread'>,
  listEngine: LeadListEngine,
): LeadListSources {
  return { engine, readOffThread, listEngine, unlocks: new UnlockedLeads() };
}

/**
 * A page of leads for the caller: ids, total and the leads the engine wrote (contact masked) from the engine when it
 * answers (LeadListEngine.listPage), else ids and total from SQL; then the page's JSON (pageJson).
 */
export async function listLeads(
  db: Queryable,
  sources: LeadListSources,
  caller: Caller | undefined,
  query: LeadFilter,
): Promise<LeadListPage> {
  const admin = isAdmin(caller);
  const { maxDealersPerLead: maxDealers } = await displaySettings(db);
  const filter = canonicalLeadFilter(query, admin, {
    maxDealers,
    hideByDefault: caller?.role === 'Dealer',
  });
  const offset = offsetOf(query.pageNumber, query.pageSize);
  const userId = caller?.id ?? 0;
  const answer = await sources.listEngine.listPage(filter, offset, query.pageSize, {
    masked: !admin,
    maxDealers,
    unlocksRevision: caller?.unlocksRevision ?? 0,
    readRows: (ids) => leadRowsAndVersions(db, ids, userId),
  });
  if (answer.source === 'engine') {
    const { ids, total, json, written } = answer;
    const read = answer.read ?? (await leadRowsAndVersions(db, ids, userId));
    const page = { ids, total, totalCapped: false };
    return pageJson(db, sources, caller, maxDealers, page, read, { json, written }, 'engine');
  }
  const page = await findLeadIdPage(
    { db, engine: sources.engine, readOffThread: sources.readOffThread },
    filter,
    query,
  );
  const read = await leadRowsAndVersions(db, page.ids, userId);
  return pageJson(db, sources, caller, maxDealers, page, read, undefined, 'sql');
}

/**
 * The page's JSON: for a dealer, each lead as the engine wrote it unless they have unlocked it; otherwise from its row
 * read by primary key, masked in toLead unless the caller may see the contact.
 */
async function pageJson(
  db: Queryable,
  sources: LeadListSources,
  caller: Caller | undefined,
  maxDealers: number,
  page: LeadIdPage,
  read: RowsAndVersions<LeadListRow>,
  engineWrote:
    { json: JsonBytes; written: Map<number, { start: number; end: number }> } | undefined,
  source: LeadListPage['source'],
): Promise<LeadListPage> {
  const admin = isAdmin(caller);
  const written = engineWrote?.written ?? new Map<number, { start: number; end: number }>();
  const rows = new Map(read.rows.map((row) => [row.id, row]));
  const unlocked =
    caller && !admin
      ? await sources.unlocks.among(db, caller.id, read.unlocksRevision, page.ids)
      : new Set<number>();
  // The leads the dealer has unlocked are shown in full: read from the database if the engine wrote them.
  const unlockedWritten = page.ids.filter((id) => unlocked.has(id) && written.has(id));
  for (const id of unlockedWritten) written.delete(id);
  if (unlockedWritten.length > 0) {
    for (const row of (await leadRowsAndVersions(db, unlockedWritten, caller?.id ?? 0)).rows)
      rows.set(row.id, row);
  }
  // Most of a dealer's pages: the engine wrote every lead, in order.
  if (engineWrote && written.size > 0 && written.size === page.ids.length) {
    engineWrote.json.ascii(']');
    PAGE_BYTES.took(engineWrote.json.length, written.size);
    return { ...page, json: engineWrote.json.written(), source };
  }
  const out = new JsonBytes(PAGE_BYTES.capacityFor(page.ids.length));
  out.ascii('[');
  let shown = 0;
  for (const id of page.ids) {
    const at = written.get(id);
    const row = at === undefined ? rows.get(id) : undefined;
    // Deleted since the page was made, or (through a bulk catch-up) off the list since: never shown to a dealer.
    if (at === undefined && (row === undefined || (!admin && !fromDbBool(row.status)))) continue;
    if (shown++ > 0) out.ascii(',');
    if (at !== undefined) out.bytes(engineWrote!.json.slice(at.start, at.end));
    else out.text(leadJson(toLead(row!, admin || unlocked.has(id), maxDealers)));
  }
  out.ascii(']');
  PAGE_BYTES.took(out.length, shown);
  return { ...page, json: out.written(), source };
}

/** A lead as the caller may see it; an inactive lead exists only for Admin. */
export async function getLead(
  db: Queryable,
  caller: Caller | undefined,
  id: number,
): Promise<Lead> {
  const row = await findLeadById(db, id);
  const admin = isAdmin(caller);
  if (!row) throw notFound(apiMessages.leadNotFound);
  const unlocked =
    admin || (caller !== undefined && (await unlockedLeadIds(db, caller.id, [id])).has(id));
  // A lead off the list (inactive, sold, withdrawn, expired, held) exists only for Admin and the dealers who unlocked
  // it: they paid for it and see why it left (its listingStatus).
  if (!row.status && !unlocked) throw notFound(apiMessages.leadNotFound);
  const lead = toLead(row, unlocked, (await displaySettings(db)).maxDealersPerLead);
  // One lead's detail shows every photo (a list only the cover); anyone who may see the lead sees them, before unlock.
  if (row.cover_photo !== null) {
    lead.photos = (await photosOfLead(db, id)).map((p) => leadPhotoOf(p.id, p.hash));
  }
  return lead;
}

/** Admin's lead edit; call it inside the write transaction, which also holds its audit entry. */
export async function setLeadStatus(
  db: Queryable,
  id: number,
  status: boolean,
  actor: AuditActor,
): Promise<Lead> {
  const before = await findLeadById(db, id);
  if (!before) throw notFound(apiMessages.leadNotFound);
  const row = await updateLeadStatus(db, id, status);
  if (!row) throw notFound(apiMessages.leadNotFound);
  await recordAudit(db, actor, {
    action: 'lead.update',
    targetType: 'lead',
    targetId: id,
    before: { status: fromDbBool(before.status) },
    after: { status: fromDbBool(row.status) },
  });
  return toLead(row, true, (await readSettings(db)).maxDealersPerLead);
}
