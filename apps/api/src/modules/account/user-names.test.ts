// One normal form for user names (NFKC + case fold) on both engines: sign-up, login, members and user-package
// lookups all agree on which names are the same name, and no lookup finds another account.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import {
  apiMessages,
  userNameCharactersMessage,
  userNameKey,
  type Member,
} from '@dealerleads/shared';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import {
  bearer,
  createTestAppOn,
  createTestDatabase,
  json,
  testEngines,
  useMembers,
  useTestApp,
} from '../../test/test-app';

let registrations = 0;
const registration = (userName: string) => ({
  userName,
  Name: 'Ömer Çelik',
  email: `omer${(registrations += 1)}@example.in`,
  phone: '9876543210',
  role: 'Dealer',
  pincode: '110001',
  state: 'Delhi',
  City: 'New Delhi',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
});

describe.each(testEngines())('user names on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin } = useMembers(ctx, { admin: { role: 'Admin' } });

  const register = (userName: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: registration(userName),
    });
  const login = (userName: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password: 'Secret#2026' },
    });

  it('refuses invisible, bidi-control and combining characters, and names that look like a taken one', async () => {
    expect((await register('admin')).statusCode).toBe(201);
    expect((await register('dealer')).statusCode).toBe(201);
    for (const name of [
      'admin\u200b',
      'adm\u00ADin',
      'dealer\u2060',
      'ad\u200dmin',
      '\u202eadmin',
      'admin\u0301',
    ]) {
      const res = await register(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toMatchObject({
        errors: { userName: [userNameCharactersMessage] },
      });
    }
    // Cyrillic а, a digit for a letter, 'rn' for 'm': the same confusable skeleton as a taken name.
    for (const name of ['\u0430dmin', 'АDMIN', 'adrnin', 'dea1er']) {
      const res = await register(name);
      expect(res.json(), name).toMatchObject({ status: 400, message: apiMessages.usernameLookAlike });
    }
    // A script that needs its marks keeps them; a name unlike any other registers.
    expect((await register('राहुल')).statusCode).toBe(201);
    expect((await register('admin2')).statusCode).toBe(201);
    const skeletons = await ctx.database.db
      .selectFrom('users')
      .select('user_name_skeleton')
      .where('user_name', 'in', ['admin', 'admin2'])
      .execute();
    expect(skeletons.every((s) => s.user_name_skeleton !== null)).toBe(true);
  });

  it('lets a name with a non-ASCII capital register and log in, under any spelling of it', async () => {
    expect((await register('Çağrı')).statusCode).toBe(201);
    for (const spelling of ['Çağrı', 'çağrı', 'ÇAĞRI', 'C\u0327ag\u0306rı']) {
      const res = await login(spelling);
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json()).toMatchObject({ username: 'Çağrı' });
    }
  });

  it("refuses 'ömer' once 'Ömer' exists, and folds full-width and ß spellings too", async () => {
    expect((await register('Ömer')).statusCode).toBe(201);
    for (const taken of ['ömer', 'ÖMER']) {
      const res = await register(taken);
      expect(res.statusCode, taken).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.usernameTaken });
    }
    expect((await register('Straße')).statusCode).toBe(201);
    expect((await register('STRASSE')).statusCode).toBe(400);
    expect((await register('Ｓｔｒａｓｓｅ')).statusCode).toBe(400);
    const rows = await ctx.database.db
      .selectFrom('users')
      .select(['user_name', 'user_name_key'])
      .where('user_name_key', 'in', [userNameKey('Ömer'), userNameKey('Straße')])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { user_name: 'Ömer', user_name_key: 'ömer' },
      { user_name: 'Straße', user_name_key: 'strasse' },
    ]);
  });

  it('gives an Admin the one member of that name, whatever the spelling', async () => {
    await register('Élodie');
    const id = (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'Élodie')
        .executeTakeFirstOrThrow()
    ).id;
    for (const spelling of ['Élodie', 'élodie', 'ÉLODIE', 'E\u0301lodie']) {
      const res = await ctx.app.inject({
        url: `/api/users/${encodeURIComponent(spelling)}`,
        headers: bearer(admin),
      });
      expect(res.statusCode, spelling).toBe(200);
      expect(json<Member>(res).id).toBe(id);
    }
  });

  it('lets a member read their own profile and unlocks under another spelling of their name', async () => {
    await register('Zoë');
    const token = (await login('Zoë')).json<{ token: string }>().token;
    const me = await ctx.app.inject({ url: '/api/users/ZOË', headers: bearer({ token }) });
    expect(me.statusCode).toBe(200);
    expect(json<Member>(me).userName).toBe('Zoë');
    const unlocks = await ctx.app.inject({
      url: `/api/userpackagelead/user/${encodeURIComponent('zoe\u0308')}`,
      headers: bearer({ token }),
    });
    expect(unlocks.statusCode).toBe(200);
  });
});

describe.each(testEngines())('the user name key migration on %s', (engine) => {
  it('keys every existing name and renames the newer of two names that are now one', async () => {
    const testDb = await createTestDatabase(engine, { migrated: false });
    await migrateTo(
      testDb.handle.db,
      engine,
      '2026-11-24-0001-settings-and-audit',
      testDb.handle.schema,
    );
    // The schema as it was before the migration, which the app's table types no longer describe.
    const before = testDb.handle.db as unknown as Kysely<unknown>;
    const people =
      engine === 'sqlite'
        ? ['Straße', 'Ömer', 'STRASSE', 'ömer', 'ravi']
        : // PostgreSQL's lower() already kept 'Ömer' and 'ömer' apart, not 'Straße' and 'STRASSE'.
          ['Straße', 'Ömer', 'STRASSE', 'ravi'];
    for (const name of people) {
      await sql`insert into users (user_name, name, email, city, role, password_hash, status, created_on)
        values (${name}, ${name}, 'x@example.in', 'Noida', 'Dealer', 'x', ${engine === 'sqlite' ? 1 : true}, ${new Date().toISOString()})`.execute(
        before,
      );
    }
    await migrateToLatest(testDb.handle.db, engine, testDb.handle.schema);
    const ctx = await createTestAppOn(testDb);
    try {
      const rows = await ctx.database.db
        .selectFrom('users')
        .select(['id', 'user_name', 'user_name_key'])
        .orderBy('id')
        .execute();
      const [strasse, omer, upper] = rows;
      expect(strasse).toMatchObject({ user_name: 'Straße', user_name_key: 'strasse' });
      expect(omer).toMatchObject({ user_name: 'Ömer', user_name_key: 'ömer' });
      expect(upper).toMatchObject({
        user_name: `STRASSE-${upper!.id}`,
        user_name_key: `strasse-${upper!.id}`,
      });
      if (engine === 'sqlite') {
        expect(rows[3]).toMatchObject({
          user_name: `ömer-${rows[3]!.id}`,
          user_name_key: `ömer-${rows[3]!.id}`,
        });
      }
      expect(rows.at(-1)).toMatchObject({ user_name: 'ravi', user_name_key: 'ravi' });
      // The unique index holds from now on.
      await expect(
        sql`insert into users (user_name, user_name_key, name, email, city, role, password_hash, status, created_on)
          values ('RAVI', 'ravi', 'x', 'x@example.in', 'Noida', 'Dealer', 'x', ${engine === 'sqlite' ? 1 : true}, ${new Date().toISOString()})`.execute(
          ctx.database.db,
        ),
      ).rejects.toThrow();
    } finally {
      await ctx.close();
    }
  });
});

describe.each(testEngines())('the look-alike names migration on %s', (engine) => {
  it('gives every existing name its skeleton; of two look-alikes the older keeps it; addresses start unverified', async () => {
    const testDb = await createTestDatabase(engine, { migrated: false });
    await migrateTo(
      testDb.handle.db,
      engine,
      '2026-11-27-0101-unlocks-revision-notify',
      testDb.handle.schema,
    );
    const before = testDb.handle.db as unknown as Kysely<unknown>;
    for (const name of ['admin', '\u0430dmin', 'ravi']) {
      await sql`insert into users (user_name, user_name_key, name, email, city, role, password_hash, status, created_on)
        values (${name}, ${userNameKey(name)}, ${name}, 'x@example.in', 'Noida', 'Dealer', 'x', ${engine === 'sqlite' ? 1 : true}, ${new Date().toISOString()})`.execute(
        before,
      );
    }
    await migrateToLatest(testDb.handle.db, engine, testDb.handle.schema);
    const ctx = await createTestAppOn(testDb);
    try {
      const rows = await ctx.database.db
        .selectFrom('users')
        .select(['id', 'user_name_skeleton', 'email_verified'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.user_name_skeleton)).toEqual([
        'adrnin',
        `adrnin ${rows[1]!.id}`,
        'ravi',
      ]);
      expect(rows.every((r) => !r.email_verified)).toBe(true);
      // Both existing accounts stay; a new look-alike of either is refused.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: registration('adrnin'),
      });
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.usernameLookAlike });
    } finally {
      await ctx.close();
    }
  });
});
