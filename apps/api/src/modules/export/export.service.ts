// A member's own data in one document: profile, packages, ledger, unlocked leads (with contacts), notes and saved
// searches.
// On PostgreSQL the parts are read in one repeatable-read transaction, so they agree with each other; on SQLite a
// transaction would take the write lock (BEGIN IMMEDIATE), so the parts are read one after another
// (docs/operations.md).
import { apiMessages, type MemberExport } from '@dealerleads/shared';
import type { DatabaseHandle, LongReads } from '../../db/database';
import { todayInIndia } from '../../lib/calendar';
import { notFound } from '../../plugins/errors';
import { listSavedSearches } from '../alerts/alerts.service';
import { ledgerPage } from '../credits/credits.service';
import { findUserById, toMember } from '../members/members.repository';
import { listUserPackages, toUserPackage } from '../user-packages/user-packages.repository';
import { myLeadsChunks, type MyLeadsRow } from '../my-leads/my-leads.repository';
import { toMyLead } from '../my-leads/my-leads.service';

/** Larger than any member's count of rows: the export is everything, not a page. */
const ALL = 1_000_000_000;

export async function exportMemberData(
  database: Pick<DatabaseHandle, 'db' | 'engine' | 'readOffThread'>,
  userId: number,
  now = new Date(),
): Promise<MemberExport> {
  if (database.engine === 'postgres')
    return database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((tx) => readExport({ db: tx }, userId, now));
  return readExport(database, userId, now);
}

/** The parts, the member's whole ledger and unlocked leads as long reads (off the event loop on SQLite). */
async function readExport(database: LongReads, userId: number, now: Date): Promise<MemberExport> {
  const { db } = database;
  const user = await findUserById(db, userId);
  if (!user) throw notFound(apiMessages.memberNotFound);
  const packages = await listUserPackages(database, { pageNumber: 1, pageSize: ALL, userId });
  const ledger = await ledgerPage(database, userId, { pageNumber: 1, pageSize: ALL });
  const leads: MyLeadsRow[] = [];
  for await (const rows of myLeadsChunks(database, userId, {}, todayInIndia(now)))
    leads.push(...rows);
  const notes = await db
    .selectFrom('lead_notes')
    .select(['id', 'lead_id', 'text', 'created_on'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const savedSearches = await listSavedSearches(db, userId);
  return {
    exportedOn: now.toISOString(),
    profile: toMember(user),
    packages: packages.rows.map(toUserPackage),
    ledger: ledger.entries,
    unlockedLeads: leads.map(toMyLead),
    notes: notes.map((n) => ({
      id: n.id,
      leadId: n.lead_id,
      text: n.text,
      createdOn: new Date(n.created_on).toISOString(),
    })),
    savedSearches,
  };
}
