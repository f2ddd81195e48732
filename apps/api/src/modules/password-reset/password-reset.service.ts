// Forgot password (design §11.1, docs/accounts.md): a 6-digit code by SMS to the member's registered mobile and, when
// their e-mail is verified, a signed single-use link. Every request, for a member or not, makes one row, so limits,
// tries and answers are the same whether the login exists (no account enumeration).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { INDIAN_MOBILE, passwordResetMessages as msg, userNameKey } from '@dealerleads/shared';
import { fromDbBool, type Db, type Engine, type Queryable } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { runWrite } from '../../db/write-batcher';
import { badRequest, tooManyRequests } from '../../plugins/errors';
import { recordAudit } from '../audit/audit.service';
import { findUserByName, updateUser } from '../members/members.repository';
import type { PasswordHasher } from '../members/passwords';
import {
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_MAIL_KIND,
  passwordResetLinkMac,
} from '../alerts/password-reset-mail.service';
import { deliverSms, queueSms, type QueuedSms, type SmsDelivery } from '../sms/sms.service';

export const PASSWORD_RESET = {
  codeMinutes: 10,
  linkMinutes: PASSWORD_RESET_LINK_MINUTES,
  maxTries: 5,
  /** Resets one login may ask for per hour, whoever asks. */
  perLoginPerHour: 5,
  /** Resets one IP may ask for per hour, whatever the logins. */
  perIpPerHour: 20,
} as const;

export interface PasswordResetDeps {
  db: Db;
  engine: Engine;
  secret: string;
  sms: SmsDelivery;
  now: Date;
  /** Failures of the SMS sent after the answer (the answer never waits for the provider). */
  onSmsError: (error: unknown) => void;
}

function keyOf(secret: string, purpose: 'code' | 'login'): Buffer {
  // Keys of their own: a reset code hash or link is never a session, a phone token or another link's MAC.
  return createHmac('sha256', secret).update(`dealerleads password reset ${purpose} v1`).digest();
}

function codeHash(secret: string, publicId: string, code: string): string {
  return createHmac('sha256', keyOf(secret, 'code'))
    .update(`${publicId}.${code}`)
    .digest('base64url');
}

const sameMac = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A mobile as members type it: '98765 43210', '+91 98765-43210', '098765…' are all '9876543210'. */
function mobileOf(login: string): string | undefined {
  const digits = login.replace(/[\s-]/g, '').replace(/^(\+91|91|0)(?=\d{10}$)/, '');
  return INDIAN_MOBILE.test(digits) ? digits : undefined;
}

/**
 * The login in one normal form, hashed under a key of its own: the request and the confirm name the same row, the
 * limits count it once, and what strangers typed is not stored in clear.
 */
export function loginHashOf(secret: string, login: string): string {
  const text = login.trim();
  const mobile = mobileOf(text);
  const key = mobile
    ? `m:${mobile}`
    : text.includes('@')
      ? `e:${text.toLowerCase()}`
      : `u:${userNameKey(text)}`;
  return createHmac('sha256', keyOf(secret, 'login')).update(key).digest('base64url');
}

/** Active members the login names: by user name, and by e-mail address or mobile when it is one. */
async function membersOf(db: Queryable, login: string): Promise<UserRow[]> {
  const text = login.trim();
  const found = new Map<number, UserRow>();
  const byName = await findUserByName(db, text);
  if (byName) found.set(byName.id, byName);
  const mobile = mobileOf(text);
  if (mobile || text.includes('@')) {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .$if(mobile !== undefined, (q) => q.where('phone', '=', mobile!))
      .$if(mobile === undefined, (q) => q.where(sql<string>`lower(email)`, '=', text.toLowerCase()))
      .orderBy('id')
      // Enough to see that the login is shared; bounds the texts one request sends and the names one text lists.
      .limit(5)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()].filter((row) => fromDbBool(row.status));
}

const iso = (d: Date) => d.toISOString();

/**
 * `POST /api/password-resets`: always the same answer. A member gets a code by SMS (if their mobile is an Indian
 * mobile) and a link by e-mail (if verified); a login shared by several accounts gets, on each of their mobiles, the
 * user names to ask with instead; anyone else gets nothing, but the row is made all the same.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  login: string,
  ip: string,
): Promise<{ message: string }> {
  const { db, engine, secret, now } = deps;
  const loginHash = loginHashOf(secret, login);
  const hourAgo = iso(new Date(now.getTime() - 3_600_000));
  const count = async (column: 'login_hash' | 'ip', value: string) =>
    Number(
      (
        await db
          .selectFrom('password_resets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .where('created_on', '>', hourAgo)
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('login_hash', loginHash)) >= PASSWORD_RESET.perLoginPerHour)
    throw tooManyRequests(msg.tooManyResets);
  if ((await count('ip', ip)) >= PASSWORD_RESET.perIpPerHour) throw tooManyRequests();

  const members = await membersOf(db, login);
  const member = members.length === 1 ? members[0] : undefined;
  const publicId = randomBytes(16).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mobile = member?.phone && INDIAN_MOBILE.test(member.phone) ? member.phone : undefined;
  const byMail = member !== undefined && fromDbBool(member.email_verified);
  const texts: QueuedSms[] = [];
  if (member && mobile) {
    texts.push({
      phone: mobile,
      idempotencyKey: `reset-${publicId}`,
      body: `${code} is your DealerLeads code to reset the password of ${member.user_name}. It expires in ${PASSWORD_RESET.codeMinutes} minutes. Do not share it.`,
      template: 'reset',
      vars: { otp: code, minutes: String(PASSWORD_RESET.codeMinutes), user: member.user_name },
    });
  }
  if (members.length > 1) {
    // Which account to reset is the member's choice, told only to the mobiles those accounts registered.
    const names = members.map((m) => m.user_name).join(', ');
    const phones = new Set(members.map((m) => m.phone).filter((p) => p && INDIAN_MOBILE.test(p)));
    for (const phone of phones)
      texts.push({
        phone: phone!,
        idempotencyKey: `reset-${publicId}-${phone}`,
        body: `Several DealerLeads accounts use this login: ${names}. To reset a password, ask again with its user name.`,
        template: 'reset-accounts',
        vars: { names },
      });
  }

  const outboxIds = await runWrite(db, engine, async (tx) => {
    await tx
      .insertInto('password_resets')
      .values({
        public_id: publicId,
        login_hash: loginHash,
        user_id: member?.id ?? null,
        code_hash: member && mobile ? codeHash(secret, publicId, code) : null,
        ip,
        expires_at: iso(new Date(now.getTime() + PASSWORD_RESET.codeMinutes * 60_000)),
        link_expires_at: byMail
          ? iso(new Date(now.getTime() + PASSWORD_RESET.linkMinutes * 60_000))
          : null,
        created_on: iso(now),
      })
      .execute();
    if (member && byMail) {
      await tx
        .insertInto('email_outbox')
        .values({
          idempotency_key: `reset-${publicId}`,
          kind: PASSWORD_RESET_MAIL_KIND,
          user_id: member.id,
          payload: publicId,
          next_attempt_at: iso(now),
          created_on: iso(now),
        })
        .execute();
    }
    const ids: number[] = [];
    for (const text of texts) {
      const id = await queueSms(tx, text, now);
      if (id !== undefined) ids.push(id);
    }
    return ids;
  });
  // Sent after the answer: waiting for the provider would tell members from strangers by the time it takes, and a
  // provider that is down must not change the answer (the text stays pending in the outbox).
  for (const id of outboxIds)
    setImmediate(() => {
      deliverSms({ db, engine }, deps.sms, id, now).catch(deps.onSmsError);
    });
  return { message: msg.sent };
}

interface ResetRow {
  id: number;
  public_id: string;
  user_id: number | null;
}

/** Sets the new password, ends every session, voids the member's other resets and writes the audit entry. */
async function completeReset(
  deps: Pick<PasswordResetDeps, 'db' | 'engine' | 'now'>,
  passwords: PasswordHasher,
  row: ResetRow,
  newPassword: string,
  ip: string,
  via: 'sms' | 'email',
  refused: string,
): Promise<number> {
  const { db, engine, now } = deps;
  // argon2 takes tens of milliseconds: hash before the write transaction, which other writes may be waiting on.
  const passwordHash = await passwords.hash(newPassword);
  return runWrite(db, engine, async (tx) => {
    // The conditional update decides between two confirms racing with the same code or link: one wins.
    const used = await tx
      .updateTable('password_resets')
      .set({ used_on: iso(now) })
      .where('id', '=', row.id)
      .where('used_on', 'is', null)
      .executeTakeFirst();
    const user =
      Number(used.numUpdatedRows) === 1 && row.user_id !== null
        ? await tx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst()
        : undefined;
    if (!user || !fromDbBool(user.status)) throw badRequest(refused);
    await tx
      .updateTable('password_resets')
      .set({ used_on: iso(now) })
      .where('user_id', '=', user.id)
      .where('used_on', 'is', null)
      .execute();
    const updated = await updateUser(
      tx,
      user.id,
      { password_hash: passwordHash },
      { endSessions: true },
    );
    await recordAudit(
      tx,
      { id: user.id, userName: user.user_name, ip },
      {
        action: 'member.password-reset',
        targetType: 'member',
        targetId: user.id,
        before: { password_hash: user.password_hash },
        after: { password_hash: updated?.password_hash, resetBy: via },
      },
      now,
    );
    return user.id;
  });
}

/** `POST /api/password-resets/confirm`: the newest reset of the login, its code checked; the member's id on success. */
export async function confirmPasswordResetCode(
  deps: Pick<PasswordResetDeps, 'db' | 'engine' | 'secret' | 'now'>,
  passwords: PasswordHasher,
  input: { login: string; code: string; newPassword: string },
  ip: string,
): Promise<number> {
  const { db, secret, now } = deps;
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'public_id', 'user_id', 'code_hash', 'attempts', 'expires_at', 'used_on'])
    .where('login_hash', '=', loginHashOf(secret, input.login))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.used_on !== null) throw badRequest(msg.expired);
  if (row.attempts >= PASSWORD_RESET.maxTries) throw badRequest(msg.tooManyTries);
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw badRequest(msg.expired);
  // A row without a code (no member, or no mobile) is checked all the same, and fails like a wrong code.
  const expected = row.code_hash ?? codeHash(secret, `${row.public_id}-none`, '');
  if (!sameMac(codeHash(secret, row.public_id, input.code), expected)) {
    const tried = await runWrite(db, deps.engine, (tx) =>
      tx
        .updateTable('password_resets')
        .set({ attempts: (eb) => eb('attempts', '+', 1) })
        .where('id', '=', row.id)
        .where('attempts', '<', PASSWORD_RESET.maxTries)
        .returning('attempts')
        .executeTakeFirst(),
    );
    throw badRequest(
      tried && tried.attempts >= PASSWORD_RESET.maxTries ? msg.tooManyTries : msg.wrongCode,
    );
  }
  return completeReset(deps, passwords, row, input.newPassword, ip, 'sms', msg.expired);
}

/** `POST /api/password-resets/confirm-link`: the e-mailed link's token; the member's id on success. */
export async function confirmPasswordResetLink(
  deps: Pick<PasswordResetDeps, 'db' | 'engine' | 'secret' | 'now'>,
  passwords: PasswordHasher,
  input: { token: string; newPassword: string },
  ip: string,
): Promise<number> {
  const { db, secret, now } = deps;
  const match = /^([\w-]{22})\.([\w-]{43})$/.exec(input.token);
  if (!match) throw badRequest(msg.linkInvalid);
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'public_id', 'user_id', 'link_expires_at', 'used_on'])
    .where('public_id', '=', match[1]!)
    .executeTakeFirst();
  if (
    !row ||
    row.user_id === null ||
    row.link_expires_at === null ||
    row.used_on !== null ||
    new Date(row.link_expires_at).getTime() <= now.getTime() ||
    !sameMac(match[2]!, passwordResetLinkMac(secret, row.public_id, row.user_id))
  ) {
    throw badRequest(msg.linkInvalid);
  }
  return completeReset(deps, passwords, row, input.newPassword, ip, 'email', msg.linkInvalid);
}
