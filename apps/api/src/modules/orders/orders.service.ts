// Buying a package by UPI (docs/credits.md, "Buying a package"): a member orders a package, pays by UPI and gives the
// payment reference (UTR); an Admin confirms (one user package and one grant, however often and from however many tabs)
// or rejects. A pending order without a UTR expires 48 hours after it was placed: its status is derived from the clock
// on every read, and every write checks it in its conditional UPDATE.
import { randomInt } from 'node:crypto';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import {
  MAX_OPEN_ORDERS,
  ORDER_EXPIRY_HOURS,
  orderMessages,
  type CreatedOrder,
  type Order,
  type OrderStatus,
  type OrdersConfig,
} from '@dealerleads/shared';
import type { Database } from '../../db/schema';
import { fromDbBool, type Db, type Engine, type Queryable, type Tx } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { addDays, todayInIndia } from '../../lib/calendar';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { offsetOf } from '../../plugins/pagination';
import type { Caller } from '../../plugins/auth';
import { appendEntry } from '../credits/credit-ledger';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { pushOrderDecided } from '../push/push.service';
import { lockMember } from '../members/members.repository';
import { upiPayUri, type UpiPayee } from './upi';

const HOUR_MS = 3_600_000;
/** Letters and digits that cannot be mistaken for each other when read out or typed (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type OrdersEb = ExpressionBuilder<Database, 'orders'>;

/** An open order as the audit log's 'before'. */
const PENDING = { status: 'pending', userPackageId: null, note: null };

/** Pending and still payable: given a UTR (waiting for the Admin), or not yet 48 hours old. */
function isOpen(eb: OrdersEb, nowIso: string) {
  return eb.and([
    eb('orders.status', '=', 'pending'),
    eb.or([eb('orders.utr', 'is not', null), eb('orders.expires_on', '>', nowIso)]),
  ]);
}

function isExpired(eb: OrdersEb, nowIso: string) {
  return eb.or([
    eb('orders.status', '=', 'expired'),
    eb.and([
      eb('orders.status', '=', 'pending'),
      eb('orders.utr', 'is', null),
      eb('orders.expires_on', '<=', nowIso),
    ]),
  ]);
}

function selectOrders(db: Queryable) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.user_name');
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

/** The status a reader sees: a pending order without a UTR is expired once its 48 hours are over. */
export function statusAt(
  row: { status: OrderStatus; utr: string | null; expires_on: string },
  now: Date,
): OrderStatus {
  if (row.status === 'pending' && row.utr === null && row.expires_on <= now.toISOString())
    return 'expired';
  return row.status;
}

function toOrder(row: OrderRow, now: Date): Order {
  return {
    id: row.id,
    reference: row.reference,
    userId: row.user_id,
    userName: row.user_name,
    packageId: row.package_id,
    packageName: row.package_name,
    packageType: row.package_type,
    credits: row.package_credits,
    unit: row.package_unit,
    validityDays: row.package_validity,
    amount: row.amount,
    status: statusAt(row, now),
    utr: row.utr,
    adminNote: row.admin_note,
    createdOn: row.created_on,
    expiresOn: row.expires_on,
    decidedOn: row.decided_on,
    userPackageId: row.user_package_id,
  };
}

/** The order with its UPI link, while it can still be paid and UPI is configured. */
function withUpi(order: Order, upi: UpiPayee | undefined): CreatedOrder {
  return {
    ...order,
    upiUri:
      upi && order.status === 'pending' ? upiPayUri(upi, order.amount, order.reference) : null,
  };
}

export function ordersConfig(upi: UpiPayee | undefined): OrdersConfig {
  return {
    upiEnabled: upi !== undefined,
    payeeVpa: upi?.vpa ?? null,
    payeeName: upi?.merchantName ?? null,
  };
}

/** 'DL-20261123-K7Q2MX': the India day it was placed and six characters that are easy to read out. */
export function newOrderReference(now: Date): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `DL-${todayInIndia(now).replaceAll('-', '')}-${code}`;
}

async function findOrder(db: Queryable, id: number): Promise<OrderRow | undefined> {
  return selectOrders(db).where('orders.id', '=', id).executeTakeFirst();
}

/** A member (not an Admin) orders an active package that has a price: a pending order with its reference. */
export async function createOrder(
  db: Db,
  engine: Engine,
  caller: Caller,
  packageId: number,
  now: Date,
  upi: UpiPayee | undefined,
): Promise<CreatedOrder> {
  if (caller.role === 'Admin') throw forbidden(orderMessages.adminsDoNotBuy);
  const nowIso = now.toISOString();
  const id = await runWrite(db, engine, async (tx) => {
    // Serialises one member's orders, so two tabs cannot both pass the limit of open orders.
    await lockMember(tx, engine, caller.id);
    const pkg = await tx
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', packageId)
      .executeTakeFirst();
    if (!pkg || !fromDbBool(pkg.is_active) || pkg.package_price <= 0)
      throw badRequest(orderMessages.packageNotForSale);
    const open = await tx
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.user_id', '=', caller.id)
      .where((eb) => isOpen(eb, nowIso))
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_ORDERS) throw badRequest(orderMessages.tooManyOpen);
    let reference = newOrderReference(now);
    while (
      await tx
        .selectFrom('orders')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirst()
    )
      reference = newOrderReference(now);
    const row = await tx
      .insertInto('orders')
      .values({
        reference,
        user_id: caller.id,
        package_id: pkg.id,
        package_name: pkg.package_name,
        package_type: pkg.package_type,
        package_credits: pkg.package_credits,
        package_unit: pkg.package_unit,
        package_validity: pkg.package_validity,
        amount: pkg.package_price,
        status: 'pending',
        created_on: nowIso,
        expires_on: new Date(now.getTime() + ORDER_EXPIRY_HOURS * HOUR_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return withUpi(toOrder((await findOrder(db, id))!, now), upi);
}

/** The member's own order; another member's order is not found (its existence is never revealed). */
export async function myOrder(
  db: Queryable,
  userId: number,
  id: number,
  now: Date,
  upi: UpiPayee | undefined,
): Promise<CreatedOrder> {
  const row = await findOrder(db, id);
  if (!row || row.user_id !== userId) throw notFound(orderMessages.orderNotFound);
  return withUpi(toOrder(row, now), upi);
}

type Paging = { pageNumber: number; pageSize: number };

/** One page of the orders the filter picks, newest first (open ones before the rest when asked), and their count. */
async function pageOf(
  db: Queryable,
  filter: (eb: OrdersEb) => Expression<SqlBool>,
  paging: Paging,
  now: Date,
  openFirst: boolean,
): Promise<{ orders: Order[]; total: number }> {
  const nowIso = now.toISOString();
  let rows = selectOrders(db).where(filter);
  if (openFirst)
    rows = rows.orderBy((eb) => eb.case().when(isOpen(eb, nowIso)).then(0).else(1).end());
  const [page, total] = await Promise.all([
    rows
      .orderBy('orders.id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging.pageNumber, paging.pageSize))
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(filter)
      .executeTakeFirstOrThrow(),
  ]);
  return { orders: page.map((r) => toOrder(r, now)), total: Number(total.n) };
}

/** The member's own orders, newest first. */
export function myOrdersPage(db: Queryable, userId: number, paging: Paging, now: Date) {
  return pageOf(db, (eb) => eb('orders.user_id', '=', userId), paging, now, false);
}

/** Admin's Payments: open orders first, then the rest; newest first within each. */
export function ordersPage(
  db: Queryable,
  query: Paging & { status?: OrderStatus | undefined },
  now: Date,
) {
  const nowIso = now.toISOString();
  const filter = (eb: OrdersEb): Expression<SqlBool> => {
    if (query.status === 'pending') return isOpen(eb, nowIso);
    if (query.status === 'expired') return isExpired(eb, nowIso);
    if (query.status) return eb('orders.status', '=', query.status);
    return eb.lit(true);
  };
  return pageOf(db, filter, query, now, true);
}

/**
 * Why a write on an order changed nothing: not found, expired, already decided, or (still open) its UTR is not the
 * one the writer expected.
 */
async function refusal(
  db: Queryable,
  id: number,
  now: Date,
  expected: { userId?: number; utrMessage: string },
): Promise<Error> {
  const row = await findOrder(db, id);
  if (!row || (expected.userId !== undefined && row.user_id !== expected.userId))
    return notFound(orderMessages.orderNotFound);
  const status = statusAt(row, now);
  if (status === 'expired') return conflict(orderMessages.expired);
  if (status === 'pending') return conflict(expected.utrMessage);
  return conflict(orderMessages.alreadyDecided(status));
}

/** The order's UTR is the given one (null: it has none). */
function utrIs(eb: OrdersEb, utr: string | null) {
  return utr === null ? eb('orders.utr', 'is', null) : eb('orders.utr', '=', utr);
}

/** The UTR is not held by another live or confirmed order (the index orders_one_per_utr says the same). */
async function utrTaken(db: Queryable, utr: string, id: number): Promise<boolean> {
  const taken = await db
    .selectFrom('orders')
    .select('id')
    .where('utr', '=', utr)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('id', '<>', id)
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * The owner gives the UTR of their open order, once: a given UTR is what the Admin checks, so it cannot be swapped
 * afterwards (giving the same one again changes nothing); a wrong one is corrected by a rejection and a new order.
 */
export async function submitUtr(
  db: Db,
  engine: Engine,
  userId: number,
  id: number,
  utr: string,
  now: Date,
  upi: UpiPayee | undefined,
): Promise<CreatedOrder> {
  const nowIso = now.toISOString();
  const expected = { userId, utrMessage: orderMessages.utrLocked };
  await runWrite(db, engine, async (tx) => {
    const open = await tx
      .selectFrom('orders')
      .select('utr')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where((eb) => isOpen(eb, nowIso))
      .executeTakeFirst();
    if (!open) throw await refusal(tx, id, now, expected);
    if (open.utr === utr) return;
    if (open.utr !== null) throw conflict(orderMessages.utrLocked);
    if (await utrTaken(tx, utr, id)) throw badRequest(orderMessages.utrTaken);
    const changed = await tx
      .updateTable('orders')
      .set({ utr })
      .where('id', '=', id)
      .where('orders.utr', 'is', null)
      .where((eb) => isOpen(eb, nowIso))
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw await refusal(tx, id, now, expected);
  });
  return myOrder(db, userId, id, now, upi);
}

/**
 * The Admin's decision on an open order: one conditional UPDATE … WHERE status = 'pending' (and not expired) decides
 * which request decides; every other one (another tab, a double click) is refused with 409 and changes nothing.
 */
async function decideOpenOrder(
  tx: Tx,
  id: number,
  decision: { status: 'confirmed' | 'rejected'; note: string; utr?: string | null },
  actor: AuditActor,
  now: Date,
) {
  const nowIso = now.toISOString();
  const order = await tx
    .updateTable('orders')
    .set({
      status: decision.status,
      decided_on: nowIso,
      decided_by: actor.id,
      admin_note: decision.note || null,
    })
    .where('id', '=', id)
    .where((eb) => isOpen(eb, nowIso))
    .$if(decision.utr !== undefined, (q) => q.where((eb) => utrIs(eb, decision.utr ?? null)))
    .returningAll()
    .executeTakeFirst();
  if (!order) throw await refusal(tx, id, now, { utrMessage: orderMessages.utrChanged });
  return order;
}

/**
 * Admin confirms an open order holding the UTR the Admin checked (409 if it holds another): only the request whose
 * conditional update confirmed it creates the user package and its `grant` entry (with the order's id, unique in the
 * ledger), all in one transaction.
 */
export async function confirmOrder(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  id: number,
  decision: { utr: string | null; note: string },
  now: Date,
): Promise<Order> {
  await runWrite(db, engine, async (tx) => {
    if (decision.utr !== null && (await utrTaken(tx, decision.utr, id)))
      throw badRequest(orderMessages.utrTaken);
    const order = await decideOpenOrder(tx, id, { status: 'confirmed', ...decision }, actor, now);
    const startDate = todayInIndia(now);
    const userPackage = await tx
      .insertInto('user_packages')
      .values({
        user_id: order.user_id,
        package_id: order.package_id,
        package_type: order.package_type,
        package_credits: order.package_credits,
        package_unit: order.package_unit,
        package_validity: order.package_validity,
        package_balance_credits: order.package_credits,
        credit_debited: 0,
        start_date: startDate,
        end_date: addDays(startDate, order.package_validity),
        is_active: 1,
        created_on: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEntry(tx, {
      userId: order.user_id,
      userPackageId: userPackage.id,
      kind: 'grant',
      amount: order.package_credits,
      orderId: order.id,
      reason: `Package bought (order ${order.reference})`,
      actorId: actor.id,
    });
    await tx
      .updateTable('orders')
      .set({ user_package_id: userPackage.id })
      .where('id', '=', order.id)
      .execute();
    const after = { status: 'confirmed', userPackageId: userPackage.id, note: order.admin_note };
    await recordAudit(
      tx,
      actor,
      { action: 'order.confirm', targetType: 'order', targetId: id, before: PENDING, after },
      now,
    );
    await pushOrderDecided(tx, order, 'confirmed', now);
  });
  return toOrder((await findOrder(db, id))!, now);
}

/** Admin rejects an open order, with a reason the member sees; no credit changes. */
export async function rejectOrder(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  id: number,
  { note }: { note: string },
  now: Date,
): Promise<Order> {
  await runWrite(db, engine, async (tx) => {
    const order = await decideOpenOrder(tx, id, { status: 'rejected', note }, actor, now);
    await pushOrderDecided(tx, order, 'rejected', now);
    const after = { status: 'rejected', userPackageId: null, note };
    await recordAudit(
      tx,
      actor,
      { action: 'order.reject', targetType: 'order', targetId: id, before: PENDING, after },
      now,
    );
  });
  return toOrder((await findOrder(db, id))!, now);
}
