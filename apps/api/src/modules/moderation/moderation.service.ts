// Moderation of new leads (docs/owners-insights-moderation.md): a phone submitted more than twice in 30 days, one that
// looks made up, a price outside the market guide, a form filled faster than a person can, or many leads from one
// network in a day flags the lead; Admins approve it or deactivate it with a reason, each decision audited.
import { createHmac } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  FAST_FILL_SECONDS,
  MODERATION_FLAGS,
  type ModerationFlag,
  type ModerationItem,
  type ModerationStatus,
  apiMessages,
} from '@dealerleads/shared';
import {
  fromDbBool,
  runLongRead,
  type Db,
  type Engine,
  type LongReads,
  type Queryable,
} from '../../db/database';
import type { LeadRow } from '../../db/schema';
import { runWrite } from '../../db/write-batcher';
import { badRequest, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import { recordNewLeadAlerts } from '../alerts/alerts.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';

/** A phone seen on more than this many leads within the window flags the next one. */
export const REPEATED_PHONE_LIMIT = 2;
export const REPEATED_PHONE_WINDOW_DAYS = 30;

export { FAST_FILL_SECONDS };
/** Leads from one IP within the window, this one included, from which the next is flagged. */
export const BUSY_IP_LIMIT = 5;
export const BUSY_IP_WINDOW_MS = 86_400_000;

/** Loopback, private and link-local ranges: a proxy or the operator's own network, never one submitter. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/**
 * The submitter's IP as kept for the busy-network signal: an HMAC keyed from the server's secret, so the stored
 * value cannot be turned back into an address by trying them all. Undefined for an address that is not public:
 * behind a proxy without TRUST_PROXY every request comes from the proxy, and counting it would flag every owner.
 */
export function submitterIpHash(secret: string, ip: string): string | undefined {
  const address = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(address);
  if (family === 0 || NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')) return undefined;
  const key = createHmac('sha256', secret).update('dealerleads submitter ip v1').digest();
  return createHmac('sha256', key).update(address).digest('base64url');
}

/** Notes a stored lead's submitter (inside the lead's transaction); the lifecycle sweep deletes it after a day. */
export async function recordSubmitterIp(db: Queryable, ipHash: string, now: Date): Promise<void> {
  await db
    .insertInto('lead_submission_ips')
    .values({ ip_hash: ipHash, created_on: now.toISOString() })
    .execute();
}

async function recentFromIp(db: Queryable, ipHash: string, now: Date): Promise<number> {
  const { n } = await db
    .selectFrom('lead_submission_ips')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('ip_hash', '=', ipHash)
    .where('created_on', '>', new Date(now.getTime() - BUSY_IP_WINDOW_MS).toISOString())
    .where('created_on', '<=', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One digit ten times, or a run going up or down by one each digit (wrapping 9→0), such as 9876543210 or 0123456789. */
export function looksFake(phone: string): boolean {
  if (!/^\d{10}$/.test(phone)) return false;
  const digits = [...phone].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  return steps.size === 1 && [0, 1, 9].includes([...steps][0]!);
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - REPEATED_PHONE_WINDOW_DAYS * 86_400_000).toISOString();
}

/** Leads with this phone created in the 30 days up to `now`. */
async function recentSubmissions(db: Queryable, phone: string, now: Date): Promise<number> {
  const { n } = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('phone_number', '=', phone)
    .where('created_on', '>=', windowStart(now))
    .where('created_on', '<=', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface Verdict {
  flags: ModerationFlag[];
  /** The lead's moderation columns. */
  columns: { moderation_status: ModerationStatus; moderation_flags: string | null };
}

/** What the submission tells moderation besides its phone. */
export interface SubmissionSignals {
  /** Its price lies outside the market guide's low–high (lead-submission judges it). */
  offMarket?: boolean;
  /** Seconds the wizard was open (sent by the web app; absent from other callers). */
  fillSeconds?: number;
  /** Fewer seconds than this is a fast fill (FAST_FILL_SECONDS by default; 0: never). */
  fastFillSeconds?: number;
  /** The submitter's IP as submitterIpHash keeps it. */
  ipHash?: string;
}

/** Moderation's verdict on a lead about to be stored with this phone (inside the insert's transaction). */
export async function assessSubmission(
  db: Queryable,
  phone: string,
  now: Date,
  {
    offMarket = false,
    fillSeconds,
    ipHash,
    fastFillSeconds = FAST_FILL_SECONDS,
  }: SubmissionSignals = {},
): Promise<Verdict> {
  const flags: ModerationFlag[] = [];
  if (offMarket) flags.push('price_off_market');
  if ((await recentSubmissions(db, phone, now)) >= REPEATED_PHONE_LIMIT)
    flags.push('repeated_phone');
  if (looksFake(phone)) flags.push('fake_phone');
  if (fillSeconds !== undefined && fillSeconds < fastFillSeconds) flags.push('fast_fill');
  if (ipHash !== undefined && (await recentFromIp(db, ipHash, now)) >= BUSY_IP_LIMIT - 1)
    flags.push('busy_ip');
  return {
    flags,
    columns:
      flags.length > 0
        ? { moderation_status: 'flagged', moderation_flags: flags.join(',') }
        : { moderation_status: 'clear', moderation_flags: null },
  };
}

function flagsOf(row: LeadRow): ModerationFlag[] {
  const known = new Set<string>(MODERATION_FLAGS);
  return (row.moderation_flags ?? '')
    .split(',')
    .filter((flag): flag is ModerationFlag => known.has(flag));
}

async function itemOf(db: Queryable, row: LeadRow): Promise<ModerationItem> {
  return {
    id: row.id,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    city: row.city,
    brand: row.brand,
    model: row.model,
    year: row.year,
    price: row.price,
    createdOn: row.created_on,
    moderationStatus: row.moderation_status,
    flags: flagsOf(row),
    phoneSubmissions: row.phone_number
      ? await recentSubmissions(db, row.phone_number, new Date(row.created_on))
      : 0,
    note: row.moderation_note,
    status: fromDbBool(row.status),
  };
}

/**
 * The queue: leads in one moderation status, newest first. Long reads (runLongRead): the count of `clear` walks nearly
 * every lead, a deep page as many index entries.
 */
export async function listModeration(
  database: LongReads,
  query: { status: ModerationStatus; pageNumber: number; pageSize: number },
): Promise<{ items: ModerationItem[]; total: number }> {
  const { db } = database;
  const base = db.selectFrom('leads').where('moderation_status', '=', query.status);
  const [rows, [count]] = await Promise.all([
    runLongRead(
      database,
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query.pageNumber, query.pageSize)),
    ),
    runLongRead(
      database,
      base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')),
    ),
  ]);
  const items: ModerationItem[] = [];
  for (const row of rows) items.push(await itemOf(db, row));
  return { items, total: Number(count?.n ?? 0) };
}

export const moderationMessages = {
  notFlagged: 'This lead is not waiting for moderation',
} as const;

/**
 * An Admin's decision on a flagged lead, audited as lead.moderate in the same transaction. Approving puts an open lead
 * (back) on the list; deactivating takes it off with the Admin's reason.
 */
export async function decideModeration(
  { db, engine }: { db: Db; engine: Engine },
  actor: AuditActor,
  leadId: number,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date = new Date(),
): Promise<ModerationItem> {
  return runWrite(db, engine, async (tx) => {
    const before = await tx
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', leadId)
      .executeTakeFirst();
    if (!before) throw notFound(apiMessages.leadNotFound);
    if (before.moderation_status !== 'flagged') throw badRequest(moderationMessages.notFlagged);
    const after = await tx
      .updateTable('leads')
      .set(
        decision.approve
          ? {
              moderation_status: 'approved',
              status: before.listing_status === 'open' ? 1 : 0,
            }
          : { moderation_status: 'rejected', moderation_note: decision.reason, status: 0 },
      )
      .where('id', '=', leadId)
      .where('moderation_status', '=', 'flagged')
      .returningAll()
      .executeTakeFirst();
    if (!after) throw badRequest(moderationMessages.notFlagged);
    // A held lead reaches saved searches (bell, stream, mail) when it is approved onto the list, not when submitted.
    if (decision.approve && fromDbBool(after.status))
      await recordNewLeadAlerts(tx, engine, after, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'lead.moderate',
        targetType: 'lead',
        targetId: leadId,
        before: {
          moderationStatus: before.moderation_status,
          status: fromDbBool(before.status),
          note: before.moderation_note,
        },
        after: {
          moderationStatus: after.moderation_status,
          status: fromDbBool(after.status),
          note: after.moderation_note,
        },
      },
      now,
    );
    return itemOf(tx, after);
  });
}
