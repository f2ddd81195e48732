// /api/users through real HTTP on each engine: who may list, read and edit which member, and what each change does.
import { describe, expect, it } from 'vitest';
import { apiMessages, textMessages, type Member, type Pagination } from '@dealerleads/shared';
import {
  bearer,
  createMember,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';

const profile = {
  name: 'Asha Verma',
  city: 'Noida',
  pincode: '201301',
  phone: '9811122233',
  email: 'asha@example.in',
};

function paginationOf(res: { headers: Record<string, unknown> }): Pagination {
  return JSON.parse(String(res.headers['pagination'])) as Pagination;
}

describe.each(testEngines())('members on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer, other, plainUser } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: { role: 'Dealer' },
    other: { role: 'Dealer' },
    plainUser: { role: 'User' },
  });

  const get = (url: string, who?: TestMember) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(who) });
  /** The member's own copy of `profile`'s address: an address backs at most MAX_ACCOUNTS_PER_EMAIL accounts. */
  const addressOf = (id: number) => `asha.${id}@example.in`;
  const update = (id: number, payload: Record<string, unknown>, who?: TestMember) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/update/${id}`,
      payload: payload.email === profile.email ? { ...payload, email: addressOf(id) } : payload,
      headers: bearer(who),
    });
  const row = (id: number) =>
    ctx.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const login = (userName: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/login', payload: { userName, password } });

  describe('GET /api/users', () => {
    it('lists members for an Admin with the Pagination header and default page size 36', async () => {
      const res = await get('/api/users', admin);
      expect(res.statusCode).toBe(200);
      const members = json<Member[]>(res);
      expect(members.map((m) => m.id)).toEqual(expect.arrayContaining([admin.id, dealer.id]));
      expect(members[0]).toMatchObject({ userName: expect.any(String), status: true });
      const count = await ctx.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(paginationOf(res)).toEqual({
        currentPage: 1,
        itemsPerPage: 36,
        totalItems: Number(count.n),
        totalPages: Math.ceil(Number(count.n) / 36),
      });
      expect(res.headers['access-control-expose-headers']).toBe('Pagination');
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('pages, searches over name, user name, e-mail, phone and city, and filters by status and city', async () => {
      const tag = `zq${Date.now().toString(36)}`;
      const made: TestMember[] = [];
      for (let i = 0; i < 5; i++) made.push(await createMember(ctx, { userName: `${tag}_${i}` }));
      await ctx.database.db
        .updateTable('users')
        .set({ city: 'Faridabad', status: 0 })
        .where('id', '=', made[4]!.id)
        .execute();

      const page2 = await get(
        `/api/users?searchterm=${tag.toUpperCase()}&pageNumber=2&pageSize=2`,
        admin,
      );
      expect(page2.statusCode).toBe(200);
      expect(json<Member[]>(page2).map((m) => m.id)).toEqual([made[2]!.id, made[3]!.id]);
      expect(paginationOf(page2)).toEqual({
        currentPage: 2,
        itemsPerPage: 2,
        totalItems: 5,
        totalPages: 3,
      });

      // e-mail, phone and city are searched too; the status and city filters narrow the result.
      const byEmail = await get(`/api/users?searchterm=${made[1]!.userName}@example`, admin);
      expect(json<Member[]>(byEmail).map((m) => m.id)).toEqual([made[1]!.id]);
      const byCity = await get(`/api/users?searchterm=aridab`, admin);
      expect(json<Member[]>(byCity).map((m) => m.id)).toContain(made[4]!.id);
      const byPhone = await get(`/api/users?searchterm=98765432&pageSize=100`, admin);
      expect(json<Member[]>(byPhone).length).toBeGreaterThanOrEqual(5);
      const active = await get(`/api/users?searchterm=${tag}&status=true`, admin);
      expect(paginationOf(active).totalItems).toBe(4);
      const inactive = await get(`/api/users?searchterm=${tag}&status=false`, admin);
      expect(json<Member[]>(inactive)).toMatchObject([{ id: made[4]!.id, status: false }]);
      const city = await get(`/api/users?searchterm=${tag}&city=faridabad`, admin);
      expect(json<Member[]>(city).map((m) => m.id)).toEqual([made[4]!.id]);
    });

    it('takes LIKE wildcards in the searchterm literally', async () => {
      const res = await get('/api/users?searchterm=%25', admin);
      expect(res.statusCode).toBe(200);
      expect(json<Member[]>(res)).toEqual([]);
      const underscore = await get('/api/users?searchterm=_', admin);
      expect(json<Member[]>(underscore).every((m) => /_/.test(JSON.stringify(m)))).toBe(true);
    });

    it('refuses bad paging with a validation error', async () => {
      const res = await get('/api/users?pageNumber=0&pageSize=1000', admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        title: apiMessages.validationTitle,
        errors: {
          pageNumber: ['pageNumber must be a whole number of 1 or more'],
          pageSize: ['pageSize must be a whole number from 1 to 100'],
        },
      });
    });
  });

  describe('GET /api/users/dropdown', () => {
    it('gives an Admin id, userName, name and phone of every member, by userName', async () => {
      const res = await get('/api/users/dropdown', admin);
      expect(res.statusCode).toBe(200);
      const items =
        json<{ id: number; userName: string; name: string; phone: string | null }[]>(res);
      expect(items).toContainEqual(
        expect.objectContaining({
          id: dealer.id,
          userName: dealer.userName,
          name: `Member ${dealer.userName}`,
        }),
      );
      for (const item of items)
        expect(Object.keys(item).sort()).toEqual(['id', 'name', 'phone', 'userName']);
      const names = items.map((i) => i.userName.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('is not taken for a user name', async () => {
      const res = await get('/api/users/dropdown', dealer);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('GET /api/users/:userName', () => {
    it('gives an Admin any member, whatever the case of the name', async () => {
      const res = await get(`/api/users/${dealer.userName.toUpperCase()}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: dealer.id,
        userName: dealer.userName,
        role: 'Dealer',
      });
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('gives a member themselves, compared case-insensitively', async () => {
      const res = await get(`/api/users/${dealer.userName.toUpperCase()}`, dealer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: dealer.id, userName: dealer.userName });
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('answers an Admin 404 for an unknown member', async () => {
      const res = await get('/api/users/no.such.member', admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: apiMessages.memberNotFound });
    });

    it('answers another member 403 whether the name exists or not', async () => {
      for (const name of [other.userName, admin.userName, 'no.such.member']) {
        const res = await get(`/api/users/${name}`, dealer);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: apiMessages.forbidden });
      }
    });
  });

  describe('PUT /api/users/update/:id', () => {
    it('lets a member update their own profile but never their user name', async () => {
      const me = await createMember(ctx);
      const res = await update(me.id, { ...profile, userName: 'renamed' }, me);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ...profile,
        email: addressOf(me.id),
        id: me.id,
        userName: me.userName,
        role: 'Dealer',
      });
      expect(res.body).not.toMatch(/password|argon2/i);
      const stored = await row(me.id);
      expect(stored).toMatchObject({ name: profile.name, city: 'Noida', user_name: me.userName });
    });

    it('clears phone and pincode sent empty and keeps them when left out', async () => {
      const me = await createMember(ctx);
      const kept = await update(me.id, { name: 'N', city: 'C', email: 'n@example.in' }, me);
      expect(kept.json()).toMatchObject({ phone: '9876543210', pincode: '122001' });
      const cleared = await update(me.id, { ...profile, phone: '', pincode: '' }, me);
      expect(cleared.json()).toMatchObject({ phone: null, pincode: null });
    });

    it('lets a member change their own password', async () => {
      const me = await createMember(ctx);
      expect((await update(me.id, { ...profile, password: 'Brand#New2026' }, me)).statusCode).toBe(
        200,
      );
      expect((await login(me.userName, 'Brand#New2026')).statusCode).toBe(200);
      expect((await login(me.userName, me.password)).statusCode).toBe(401);
    });

    it.each([
      ['role Admin', { role: 'Admin' }],
      ['role unchanged', { role: 'Dealer' }],
      ['status false', { status: false }],
      ['status true', { status: true }],
    ])('refuses a member sending their own %s, changing nothing', async (_name, extra) => {
      const me = await createMember(ctx);
      const before = await row(me.id);
      const res = await update(me.id, { ...profile, ...extra }, me);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, message: apiMessages.ownRoleOrStatus });
      expect(await row(me.id)).toEqual(before);
    });

    it('refuses a member updating another member, changing nothing', async () => {
      const before = await row(other.id);
      for (const body of [
        profile,
        { ...profile, role: 'Admin' },
        { ...profile, password: 'Hijack#2026' },
      ]) {
        const res = await update(other.id, body, dealer);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: apiMessages.forbidden });
      }
      expect(await row(other.id)).toEqual(before);
      // An unknown id is 403 too: a member cannot probe which ids exist.
      expect((await update(999_999, profile, dealer)).statusCode).toBe(403);
    });

    it('lets an Admin change role, status and password; the new password logs in, the old does not', async () => {
      const target = await createMember(ctx);
      const res = await update(
        target.id,
        { ...profile, role: 'Seller', status: true, password: 'Admin#Set2026' },
        admin,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ...profile,
        email: addressOf(target.id),
        id: target.id,
        role: 'Seller',
        status: true,
      });
      expect(res.body).not.toMatch(/password|argon2/i);
      expect((await row(target.id)).password_hash).toMatch(/^\$argon2id\$/);
      expect((await login(target.userName, 'Admin#Set2026')).statusCode).toBe(200);
      expect((await login(target.userName, target.password)).statusCode).toBe(401);

      const promoted = await update(target.id, { ...profile, role: 'Admin' }, admin);
      expect(promoted.json()).toMatchObject({ role: 'Admin' });

      const deactivated = await update(target.id, { ...profile, status: false }, admin);
      expect(deactivated.json()).toMatchObject({ status: false, role: 'Admin' });
      const refused = await login(target.userName, 'Admin#Set2026');
      expect(refused.json()).toMatchObject({ status: 401, message: apiMessages.inactiveMember });
    });

    it('keeps the password when an Admin sends it empty or leaves it out', async () => {
      const target = await createMember(ctx);
      const before = (await row(target.id)).password_hash;
      expect((await update(target.id, { ...profile, password: '' }, admin)).statusCode).toBe(200);
      expect((await update(target.id, profile, admin)).statusCode).toBe(200);
      expect((await row(target.id)).password_hash).toBe(before);
      expect((await login(target.userName, target.password)).statusCode).toBe(200);
    });

    it('lets an Admin resend but not change their own role or status', async () => {
      const boss = await createMember(ctx, { role: 'Admin' });
      const same = await update(boss.id, { ...profile, role: 'Admin', status: true }, boss);
      expect(same.statusCode).toBe(200);
      for (const extra of [{ role: 'Dealer' }, { status: false }]) {
        const res = await update(boss.id, { ...profile, ...extra }, boss);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: apiMessages.ownRoleOrStatus });
      }
      expect(await row(boss.id)).toMatchObject({ role: 'Admin', status: expect.anything() });
      expect((await get(`/api/users/${boss.userName}`, admin)).json()).toMatchObject({
        role: 'Admin',
        status: true,
      });
    });

    it('answers an Admin 404 for an unknown id', async () => {
      const res = await update(999_999, profile, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: apiMessages.memberNotFound });
    });

    it('validates the edit form with the docs/rules.md wording', async () => {
      const res = await update(
        dealer.id,
        {
          name: '',
          city: ' ',
          email: 'not-an-email',
          phone: '12345',
          pincode: '1234567',
          role: 'Boss',
          password: 'short',
        },
        admin,
      );
      expect(res.statusCode).toBe(400);
      const body = json<{ title: string; errors: Record<string, string[]> }>(res);
      expect(body.title).toBe(apiMessages.validationTitle);
      expect(body.errors.name).toContain(textMessages.required('Name'));
      expect(body.errors.city).toContain(textMessages.required('City'));
      expect(body.errors.email).toContain('Please enter a valid Email');
      expect(body.errors.phone).toContain(textMessages.minLength('Phone', 10));
      expect(body.errors.pincode).toContain(textMessages.maxLength('Pincode', 6));
      expect(body.errors.role).toBeDefined();
      expect(body.errors.password).toContain(textMessages.minLength('Password', 8));
    });

    it('refuses an id that is not a positive whole number', async () => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/update/abc',
        payload: profile,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { id: ['Id must be a positive whole number'] } });
    });
  });

  describe('authorization matrix', () => {
    // `self` is the member the routes are about; `dealer` is another dealer, `user` a member of role User.
    type Who = 'anonymous' | 'user' | 'dealer' | 'self' | 'admin';
    const routes: [
      string,
      (who?: TestMember) => Promise<{ statusCode: number }>,
      Record<Who, number>,
    ][] = [
      [
        'GET /users',
        (w) => get('/api/users', w),
        { anonymous: 401, user: 403, dealer: 403, self: 403, admin: 200 },
      ],
      [
        'GET /users/dropdown',
        (w) => get('/api/users/dropdown', w),
        { anonymous: 401, user: 403, dealer: 403, self: 403, admin: 200 },
      ],
      [
        'GET /users/:other',
        (w) => get(`/api/users/${other.userName}`, w),
        { anonymous: 401, user: 403, dealer: 403, self: 200, admin: 200 },
      ],
      [
        'PUT /users/update/:other',
        (w) => update(other.id, { ...profile, email: `${other.userName}@example.in` }, w),
        { anonymous: 401, user: 403, dealer: 403, self: 200, admin: 200 },
      ],
    ];
    it.each(routes)('%s', async (_name, call, expected) => {
      const who: Record<Who, TestMember | undefined> = {
        anonymous: undefined,
        user: plainUser,
        dealer,
        self: other,
        admin,
      };
      for (const [name, member] of Object.entries(who) as [Who, TestMember | undefined][]) {
        const res = await call(member);
        expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name] });
      }
    });

    it('answers an anonymous caller 401 with the JSON shape', async () => {
      const res = await update(dealer.id, profile);
      expect(res.json()).toMatchObject({ status: 401, message: apiMessages.unauthorized });
    });
  });
});
