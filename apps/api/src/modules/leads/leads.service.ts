// Lead rules: who sees inactive leads and full phone numbers (a submission is modules/lead-submission).
import { apiMessages, leadPhotoOf, type Lead, type LeadFilter } from '@dealerleads/shared';
import { fromDbBool, type DatabaseHandle, type Queryable } from '../../db/database';
import { JsonBytes } from '../../lib/json-bytes';
import { displaySettings, readSettings } from '../settings/settings.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { isAdmin, type Caller } from '../../plugins/auth';
import { canonicalLeadFilter, type LeadListEngine } from './list-engine';
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

/** Room for a lead's JSON on a page (a lead is ~450 bytes; JsonBytes grows past it). */
const PAGE_BYTES_PER_LEAD = 512;

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
 * A newest-first page of leads for the caller: ids and total from the engine's bitmaps when they are current, else from
 * SQL; then each lead's JSON: for a dealer, as the engine writes it from its columns (contact masked) unless they have
 * unlocked it; otherwise from its row read by primary key, masked in toLead unless the caller may see the contact.
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
  const { listEngine } = sources;
  let page: LeadIdPage | undefined;
  // The page's leads the engine wrote, one after another (comma first from the second on) in `out`, where each begins
  // and ends, by id.
  let out = new JsonBytes(PAGE_BYTES_PER_LEAD * query.pageSize);
  const written = new Map<number, { start: number; end: number }>();
  let read: Awaited<ReturnType<typeof leadRowsAndVersions>> | undefined;
  if (listEngine.state === 'ready') {
    // The page as the engine has it; the leads it cannot write (all of an Admin's) read with the current versions in
    // one statement (with no row to read, the versions alone). A write since (by any process) shows as a newer
    // version: then the engine catches up, or SQL answers. A page the engine wrote whole needs no statement while the
    // engine knows itself current (nothing written since it last read the version: knownCurrent), the caller's unlocks
    // revision coming with the caller.
    const known = listEngine.version;
    const stamp = listEngine.stamp();
    page = { ...listEngine.page(filter, offset, query.pageSize), totalCapped: false };
    const toRead: number[] = [];
    out.ascii('[');
    for (const id of page.ids) {
      const comma = written.size > 0;
      if (comma) out.ascii(',');
      const start = out.length;
      if (!admin && listEngine.writeShown(id, maxDealers, out)) {
        written.set(id, { start, end: out.length });
      } else {
        if (comma) out.truncate(start - 1);
        toRead.push(id);
      }
    }
    read =
      toRead.length === 0 && listEngine.knownCurrent
        ? { version: known, unlocksRevision: caller?.unlocksRevision ?? 0, rows: [] }
        : await leadRowsAndVersions(db, toRead, userId);
    const { version } = read;
    if (version > known) {
      written.clear();
      read = undefined;
      page = (await listEngine.readyAt(version))
        ? { ...listEngine.page(filter, offset, query.pageSize), totalCapped: false }
        : undefined;
    }
    if (page) listEngine.confirm(stamp, version);
  } else {
    listEngine.start();
  }
  const source = page ? 'engine' : 'sql';
  page ??= await findLeadIdPage(
    { db, engine: sources.engine, readOffThread: sources.readOffThread },
    filter,
    query,
  );
  read ??= await leadRowsAndVersions(db, page.ids, userId);
  const rows = new Map(read.rows.map((row) => [row.id, row]));
  const unlocked =
    caller && !admin
      ? await sources.unlocks.among(db, caller.id, read.unlocksRevision, page.ids)
      : new Set<number>();
  // The leads the dealer has unlocked are shown in full: read from the database if the engine wrote them.
  const unlockedWritten = page.ids.filter((id) => unlocked.has(id) && written.has(id));
  for (const id of unlockedWritten) written.delete(id);
  if (unlockedWritten.length > 0) {
    for (const row of (await leadRowsAndVersions(db, unlockedWritten, userId)).rows)
      rows.set(row.id, row);
  }
  // Most of a dealer's pages: the engine wrote every lead, in order.
  if (written.size > 0 && written.size === page.ids.length) {
    out.ascii(']');
    return { ...page, json: out.written(), source };
  }
  const engineWritten = out;
  out = new JsonBytes(PAGE_BYTES_PER_LEAD * page.ids.length);
  out.ascii('[');
  let shown = 0;
  for (const id of page.ids) {
    const at = written.get(id);
    const row = at === undefined ? rows.get(id) : undefined;
    // Deleted since the page was made, or (through a bulk catch-up) off the list since: never shown to a dealer.
    if (at === undefined && (row === undefined || (!admin && !fromDbBool(row.status)))) continue;
    if (shown++ > 0) out.ascii(',');
    if (at !== undefined) out.bytes(engineWritten.slice(at.start, at.end));
    else out.text(leadJson(toLead(row!, admin || unlocked.has(id), maxDealers)));
  }
  out.ascii(']');
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
