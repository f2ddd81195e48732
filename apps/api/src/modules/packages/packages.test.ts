// /api/packages through real HTTP on each engine: the public price list, Admin management and the docs/rules.md form rules.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  packageMessages,
  textMessages,
  type Package,
  type Pagination,
} from '@dealerleads/shared';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';

const valid = {
  packageName: 'Starter 10',
  packageCode: 'STARTER10',
  packageType: 'Lead',
  packageCredits: 10,
  packageUnit: 'Leads',
  packageValidity: 30,
  packagePrice: 999,
};

type ValidationBody = { title: string; status: number; errors: Record<string, string[]> };

function paginationOf(res: { headers: Record<string, unknown> }): Pagination {
  return JSON.parse(String(res.headers['pagination'])) as Pagination;
}

let codeCounter = 0;
const freshCode = () => `C${Date.now().toString(36).slice(-5)}${(codeCounter += 1)}`.toUpperCase();

describe.each(testEngines())('packages on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer, otherDealer } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: { role: 'Dealer' },
    otherDealer: { role: 'Dealer' },
  });

  const get = (url: string, who?: TestMember) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(who) });
  // The caller is always explicit: a default would turn an anonymous `undefined` into the Admin.
  const addAs = (who: TestMember | undefined, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/packages/add', payload, headers: bearer(who) });
  const editAs = (who: TestMember | undefined, id: number, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/packages/update/${id}`,
      payload,
      headers: bearer(who),
    });
  const deactivateAs = (who: TestMember | undefined, id: number) =>
    ctx.app.inject({ method: 'PUT', url: `/api/packages/deactivate/${id}`, headers: bearer(who) });
  const add = (payload: Record<string, unknown>) => addAs(admin, payload);
  const edit = (id: number, payload: Record<string, unknown>) => editAs(admin, id, payload);
  const deactivate = (id: number) => deactivateAs(admin, id);
  const row = (id: number) =>
    ctx.database.db
      .selectFrom('packages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const created = async (changes: Record<string, unknown> = {}): Promise<Package> => {
    const res = await add({ ...valid, packageCode: freshCode(), ...changes });
    expect(res.statusCode).toBe(201);
    return json<Package>(res);
  };

  describe('POST /api/packages/add', () => {
    it('adds an active package by default and answers 201 with it', async () => {
      const res = await add(valid);
      expect(res.statusCode).toBe(201);
      const pkg = json<Package>(res);
      expect(pkg).toEqual({ id: expect.any(Number), ...valid, isActive: true });
      expect(await row(pkg.id)).toMatchObject({ package_code: 'STARTER10', package_price: 999 });
    });

    it('keeps isActive false when asked', async () => {
      const pkg = await created({ isActive: false });
      expect(pkg.isActive).toBe(false);
    });

    it('refuses a code already in use, whatever its case', async () => {
      for (const code of ['STARTER10', 'starter10', ' Starter10 ']) {
        const res = await add({ ...valid, packageCode: code });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 400, message: apiMessages.packageCodeTaken });
      }
    });

    it('gives one winner when two requests add the same code at once', async () => {
      const code = freshCode();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => add({ ...valid, packageCode: code })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 400, 400, 400, 400, 400]);
      for (const r of results.filter((x) => x.statusCode === 400)) {
        expect(r.json()).toMatchObject({ status: 400, message: apiMessages.packageCodeTaken });
      }
    });

    const { packageName: _n, ...withoutName } = valid;
    const { packageCode: _c, ...withoutCode } = valid;
    const { packageType: _t, ...withoutType } = valid;
    const { packageCredits: _cr, ...withoutCredits } = valid;
    const { packageUnit: _u, ...withoutUnit } = valid;
    const { packageValidity: _v, ...withoutValidity } = valid;
    const { packagePrice: _p, ...withoutPrice } = valid;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing packageName', withoutName, 'packageName', packageMessages.nameRequired],
      [
        'blank packageName',
        { ...valid, packageName: '   ' },
        'packageName',
        packageMessages.nameRequired,
      ],
      [
        'packageName over 100',
        { ...valid, packageName: 'x'.repeat(101) },
        'packageName',
        textMessages.maxLength('Package name', 100),
      ],
      ['missing packageCode', withoutCode, 'packageCode', packageMessages.codeRequired],
      [
        'empty packageCode',
        { ...valid, packageCode: '' },
        'packageCode',
        packageMessages.codeRequired,
      ],
      [
        'packageCode over 20',
        { ...valid, packageCode: 'C'.repeat(21) },
        'packageCode',
        textMessages.maxLength('Package code', 20),
      ],
      ['missing packageType', withoutType, 'packageType', packageMessages.typeRequired],
      [
        'unknown packageType',
        { ...valid, packageType: 'Forever' },
        'packageType',
        packageMessages.typeRequired,
      ],
      ['missing packageCredits', withoutCredits, 'packageCredits', packageMessages.creditsRequired],
      [
        'packageCredits 0',
        { ...valid, packageCredits: 0 },
        'packageCredits',
        packageMessages.creditsPositive,
      ],
      [
        'packageCredits as text',
        { ...valid, packageCredits: 'ten' },
        'packageCredits',
        packageMessages.creditsRequired,
      ],
      ['missing packageUnit', withoutUnit, 'packageUnit', packageMessages.unitRequired],
      [
        'unknown packageUnit',
        { ...valid, packageUnit: 'Weeks' },
        'packageUnit',
        packageMessages.unitRequired,
      ],
      [
        'missing packageValidity',
        withoutValidity,
        'packageValidity',
        packageMessages.validityRequired,
      ],
      [
        'packageValidity 0',
        { ...valid, packageValidity: 0 },
        'packageValidity',
        packageMessages.validityPositive,
      ],
      ['missing packagePrice', withoutPrice, 'packagePrice', packageMessages.priceRequired],
      [
        'negative packagePrice',
        { ...valid, packagePrice: -1 },
        'packagePrice',
        packageMessages.priceNotNegative,
      ],
    ];
    it.each(cases)('rejects %s with the exact message', async (_name, payload, field, message) => {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      const body = json<ValidationBody>(res);
      expect(body.title).toBe(apiMessages.validationTitle);
      expect(body.errors[field]).toContain(message);
    });

    it('accepts the boundary values: 1 credit, 1 day, price 0, 100/20 characters', async () => {
      const res = await add({
        ...valid,
        packageName: 'n'.repeat(100),
        packageCode: freshCode().padEnd(20, 'Z'),
        packageCredits: 1,
        packageValidity: 1,
        packagePrice: 0,
      });
      expect(res.statusCode).toBe(201);
    });

    it('reports every broken rule at once', async () => {
      const res = await add({});
      expect(res.statusCode).toBe(400);
      const body = json<ValidationBody>(res);
      expect(body.errors).toEqual({
        packageName: [packageMessages.nameRequired],
        packageCode: [packageMessages.codeRequired],
        packageType: [packageMessages.typeRequired],
        packageCredits: [packageMessages.creditsRequired],
        packageUnit: [packageMessages.unitRequired],
        packageValidity: [packageMessages.validityRequired],
        packagePrice: [packageMessages.priceRequired],
      });
    });
  });

  describe('GET /api/packages', () => {
    it('lists active packages to anyone, by id, 5 a page, with the Pagination header', async () => {
      const hidden = await created({ isActive: false });
      for (const who of [undefined, dealer]) {
        const res = await get('/api/packages?pageSize=100', who);
        expect(res.statusCode).toBe(200);
        const list = json<Package[]>(res);
        expect(list.every((p) => p.isActive)).toBe(true);
        expect(list.map((p) => p.id)).not.toContain(hidden.id);
        expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => a - b));
      }
      const activeCount = Number(
        (
          await ctx.database.db
            .selectFrom('packages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('is_active', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
      const res = await get('/api/packages');
      expect(json<Package[]>(res).length).toBe(Math.min(5, activeCount));
      expect(paginationOf(res)).toEqual({
        currentPage: 1,
        itemsPerPage: 5,
        totalItems: activeCount,
        totalPages: Math.ceil(activeCount / 5),
      });
    });

    it('lists inactive packages too for an Admin', async () => {
      const hidden = await created({ isActive: false });
      const res = await get('/api/packages?pageSize=100', admin);
      expect(json<Package[]>(res)).toContainEqual(hidden);
    });

    it('searches name, code and type case-insensitively, and pages the matches', async () => {
      const tag = `Qz${freshCode()}`;
      const made: Package[] = [];
      for (let i = 0; i < 3; i++) made.push(await created({ packageName: `${tag} pack ${i}` }));
      const byCode = await created({ packageCode: `${tag}X`.slice(0, 20) });

      const page = await get(
        `/api/packages?searchterm=${tag.toLowerCase()}&pageSize=2&pageNumber=2`,
      );
      expect(page.statusCode).toBe(200);
      expect(json<Package[]>(page).map((p) => p.id)).toEqual([made[2]!.id, byCode.id]);
      expect(paginationOf(page)).toEqual({
        currentPage: 2,
        itemsPerPage: 2,
        totalItems: 4,
        totalPages: 2,
      });

      const unlimited = await created({ packageType: 'Unlimited', packageName: `${tag} unl` });
      const byType = await get(`/api/packages?searchterm=UNLIMITED&pageSize=100`);
      expect(json<Package[]>(byType).map((p) => p.id)).toContain(unlimited.id);
      expect(
        json<Package[]>(byType).every(
          (p) => p.packageType === 'Unlimited' || /unlimited/i.test(p.packageName + p.packageCode),
        ),
      ).toBe(true);
    });

    it('takes LIKE wildcards in the searchterm literally', async () => {
      const res = await get('/api/packages?searchterm=%25');
      expect(res.statusCode).toBe(200);
      expect(json<Package[]>(res)).toEqual([]);
      expect(paginationOf(res)).toMatchObject({ totalItems: 0, totalPages: 0 });
      const pct = await created({ packageName: '50% off' });
      const found = await get('/api/packages?searchterm=0%25%20o');
      expect(json<Package[]>(found).map((p) => p.id)).toEqual([pct.id]);
    });

    it('refuses bad paging with a validation error', async () => {
      const res = await get('/api/packages?pageNumber=x');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errors: { pageNumber: ['pageNumber must be a whole number of 1 or more'] },
      });
    });
  });

  describe('GET /api/packages/dropdown', () => {
    it('gives an Admin the active packages as id and packageName', async () => {
      const active = await created();
      const inactive = await created({ isActive: false });
      const res = await get('/api/packages/dropdown', admin);
      expect(res.statusCode).toBe(200);
      const items = json<{ id: number; packageName: string }[]>(res);
      expect(items).toContainEqual({ id: active.id, packageName: active.packageName });
      expect(items.map((i) => i.id)).not.toContain(inactive.id);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'packageName']);
    });
  });

  describe('GET /api/packages/:id', () => {
    it('gives anyone an active package', async () => {
      const pkg = await created();
      for (const who of [undefined, dealer, admin]) {
        const res = await get(`/api/packages/${pkg.id}`, who);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(pkg);
      }
    });

    it('hides an inactive package from everyone but an Admin', async () => {
      const pkg = await created({ isActive: false });
      for (const who of [undefined, dealer]) {
        const res = await get(`/api/packages/${pkg.id}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, message: apiMessages.packageNotFound });
      }
      expect((await get(`/api/packages/${pkg.id}`, admin)).json()).toEqual(pkg);
    });

    it('answers 404 for an unknown id and 400 for a bad one', async () => {
      const res = await get('/api/packages/999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: apiMessages.packageNotFound });
      const bad = await get('/api/packages/0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ errors: { id: ['Id must be a positive whole number'] } });
    });
  });

  describe('PUT /api/packages/update/:id', () => {
    it('updates every field and keeps the status when isActive is left out', async () => {
      const pkg = await created();
      const changes = {
        packageName: 'Renamed',
        packageCode: freshCode(),
        packageType: 'LimitedTime',
        packageCredits: 50,
        packageUnit: 'Days',
        packageValidity: 90,
        packagePrice: 4999,
      };
      const res = await edit(pkg.id, changes);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: pkg.id, ...changes, isActive: true });

      const off = await edit(pkg.id, { ...changes, isActive: false });
      expect(off.json()).toMatchObject({ isActive: false });
      const kept = await edit(pkg.id, { ...changes, packageName: 'Still off' });
      expect(kept.json()).toMatchObject({ packageName: 'Still off', isActive: false });
      const on = await edit(pkg.id, { ...changes, isActive: true });
      expect(on.json()).toMatchObject({ isActive: true });
    });

    it('keeps its own code, in any case, but refuses another package’s code', async () => {
      const pkg = await created();
      const mine = await edit(pkg.id, { ...valid, packageCode: pkg.packageCode.toLowerCase() });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ packageCode: pkg.packageCode.toLowerCase() });

      const before = await row(pkg.id);
      const res = await edit(pkg.id, { ...valid, packageCode: 'starter10' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: apiMessages.packageCodeTaken });
      expect(await row(pkg.id)).toEqual(before);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await edit(999_999, { ...valid, packageCode: freshCode() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: apiMessages.packageNotFound });
    });

    it('validates the body with the docs/rules.md messages', async () => {
      const pkg = await created();
      const res = await edit(pkg.id, { ...valid, packageCredits: 0, packageValidity: 0 });
      expect(res.statusCode).toBe(400);
      expect(json<ValidationBody>(res).errors).toEqual({
        packageCredits: [packageMessages.creditsPositive],
        packageValidity: [packageMessages.validityPositive],
      });
    });
  });

  describe('PUT /api/packages/deactivate/:id', () => {
    it('deactivates with an empty body and answers the package', async () => {
      const pkg = await created();
      const res = await deactivate(pkg.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...pkg, isActive: false });
      expect((await get(`/api/packages/${pkg.id}`)).statusCode).toBe(404);
      // Again, and with a JSON `{}` body as some clients send: still fine.
      const again = await ctx.app.inject({
        method: 'PUT',
        url: `/api/packages/deactivate/${pkg.id}`,
        payload: {},
        headers: bearer(admin),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ isActive: false });
    });

    it('answers 404 for an unknown id', async () => {
      const res = await deactivate(999_999);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: apiMessages.packageNotFound });
    });
  });

  describe('authorization matrix', () => {
    type Who = 'anonymous' | 'dealer' | 'otherDealer' | 'admin';
    let pkg: Package;
    beforeAll(async () => {
      pkg = await created();
    });
    const routes: [
      string,
      (who: TestMember | undefined) => Promise<{ statusCode: number; body: string }>,
      Record<Who, number>,
    ][] = [
      [
        'GET /packages',
        (w) => get('/api/packages', w),
        { anonymous: 200, dealer: 200, otherDealer: 200, admin: 200 },
      ],
      [
        'GET /packages/:id',
        (w) => get(`/api/packages/${pkg.id}`, w),
        { anonymous: 200, dealer: 200, otherDealer: 200, admin: 200 },
      ],
      [
        'GET /packages/dropdown',
        (w) => get('/api/packages/dropdown', w),
        { anonymous: 401, dealer: 403, otherDealer: 403, admin: 200 },
      ],
      [
        'POST /packages/add',
        (w) => addAs(w, { ...valid, packageCode: freshCode() }),
        { anonymous: 401, dealer: 403, otherDealer: 403, admin: 201 },
      ],
      [
        'PUT /packages/update/:id',
        (w) => editAs(w, pkg.id, { ...valid, packageCode: pkg.packageCode }),
        { anonymous: 401, dealer: 403, otherDealer: 403, admin: 200 },
      ],
      [
        'PUT /packages/deactivate/:id',
        (w) => deactivateAs(w, pkg.id),
        { anonymous: 401, dealer: 403, otherDealer: 403, admin: 200 },
      ],
    ];
    it.each(routes)('%s', async (_name, call, expected) => {
      const who: Record<Who, TestMember | undefined> = {
        anonymous: undefined,
        dealer,
        otherDealer,
        admin,
      };
      // Refused callers go first, so they meet the package as it was.
      for (const name of ['anonymous', 'dealer', 'otherDealer', 'admin'] as Who[]) {
        const before = await row(pkg.id);
        const res = await call(who[name]);
        expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name] });
        if (expected[name] >= 400) {
          expect(JSON.parse(res.body)).toMatchObject({
            status: expected[name],
            message: expected[name] === 401 ? apiMessages.unauthorized : apiMessages.forbidden,
          });
          expect(await row(pkg.id)).toEqual(before);
        }
      }
    });
  });
});
