// Unique violations of either engine, read back as the message a single process gives for the rule the index holds.
import { describe, expect, it } from 'vitest';
import { apiMessages, orderMessages } from '@dealerleads/shared';
import { createPackage } from '../test/fixtures';
import { testEngines, useMembers, useTestApp } from '../test/test-app';
import { userNameSkeleton } from '../lib/user-name-skeleton';
import { isUniqueViolation, uniqueViolationMessage } from './errors';

describe.each(testEngines())('unique violations on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { dealer, other } = useMembers(ctx, { dealer: {}, other: {} });

  const refusal = async (write: () => Promise<unknown>): Promise<unknown> => {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error('the write was not refused');
  };

  it('names the rule of orders_one_per_utr, the package code and the user name; other indexes have none', async () => {
    const packageId = await createPackage(ctx);
    const order = (reference: string) => ({
      reference,
      user_id: dealer.id,
      package_id: packageId,
      package_name: 'P',
      package_type: 'Lead',
      package_credits: 1,
      package_unit: 'Leads',
      package_validity: 30,
      amount: 100,
      status: 'pending' as const,
      utr: '123412341234',
      created_on: new Date().toISOString(),
      expires_on: new Date().toISOString(),
    });
    const db = ctx.database.db;
    await db.insertInto('orders').values(order('DL-1-AAAAAA')).execute();
    const utr = await refusal(() => db.insertInto('orders').values(order('DL-1-BBBBBB')).execute());
    expect(uniqueViolationMessage(utr)).toBe(orderMessages.utrTaken);
    const reference = await refusal(() =>
      db
        .insertInto('orders')
        .values({ ...order('DL-1-AAAAAA'), utr: null })
        .execute(),
    );
    expect(isUniqueViolation(reference)).toBe(true);
    expect(uniqueViolationMessage(reference)).toBeUndefined();

    const code = await db
      .selectFrom('packages')
      .select('package_code')
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow();
    const otherPackage = await createPackage(ctx);
    const sameCode = await refusal(() =>
      db
        .updateTable('packages')
        .set({ package_code: code.package_code.toUpperCase() })
        .where('id', '=', otherPackage)
        .execute(),
    );
    expect(uniqueViolationMessage(sameCode)).toBe(apiMessages.packageCodeTaken);

    const name = await db
      .selectFrom('users')
      .select('user_name_key')
      .where('id', '=', dealer.id)
      .executeTakeFirstOrThrow();
    const sameName = await refusal(() =>
      db
        .updateTable('users')
        .set({ user_name_key: name.user_name_key })
        .where('id', '=', other.id)
        .execute(),
    );
    expect(uniqueViolationMessage(sameName)).toBe(apiMessages.usernameTaken);
    const lookAlike = await refusal(() =>
      db
        .updateTable('users')
        .set({ user_name_skeleton: userNameSkeleton(dealer.userName) })
        .where('id', '=', other.id)
        .execute(),
    );
    expect(uniqueViolationMessage(lookAlike)).toBe(apiMessages.usernameLookAlike);
    expect(uniqueViolationMessage(new Error('not a database error'))).toBeUndefined();
  });
});
