// The audit trail on each engine: every existing Admin action writes exactly one entry with the right before → after,
// a refused change writes none, and GET /api/admin/audit filters and pages it for Admins only.
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AuditEntry, Pagination } from '@dealerleads/shared';
import { todayInIndia, addDays } from '../../lib/calendar';
import { createPackage, createUserPackage, createLeads } from '../../test/fixtures';
import {
  bearer,
  createMember,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';

describe.each(testEngines())('audit trail on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, {
    admin: { role: 'Admin', userName: `Auditor${engine}` },
    dealer: {},
  });
  let lastId = 0;

  /** Entries written since the previous call. */
  const newEntries = async () => {
    const rows = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', lastId)
      .orderBy('id')
      .execute();
    if (rows.length > 0) lastId = rows[rows.length - 1]!.id;
    return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) as unknown }));
  };
  beforeEach(async () => {
    await newEntries();
  });

  const as = (who: TestMember | undefined) => bearer(who);
  const put = (url: string, payload: unknown, who: TestMember | undefined = admin) =>
    ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers: as(who) });
  const post = (url: string, payload: unknown, who: TestMember | undefined = admin) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: as(who) });
  const profile = (m: TestMember, extra: Record<string, unknown> = {}) => ({
    name: `Member ${m.userName}`,
    city: 'Gurugram',
    email: `${m.userName}@example.in`,
    phone: '9876543210',
    pincode: '122001',
    ...extra,
  });
  const expectStatus = (res: LightMyRequestResponse, status: number) =>
    expect(res.statusCode, res.body).toBe(status);

  describe('members', () => {
    it("records an Admin's role and status change as member.update, with actor, IP and only the changed fields", async () => {
      const target = await createMember(ctx);
      expectStatus(
        await put(
          `/api/users/update/${target.id}`,
          profile(target, { role: 'User', status: false }),
        ),
        200,
      );
      const [entry, ...rest] = await newEntries();
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        actor_id: admin.id,
        actor_user_name: admin.userName,
        ip_address: '127.0.0.1',
        action: 'member.update',
        target_type: 'member',
        target_id: String(target.id),
      });
      expect(entry!.changes).toEqual({
        role: { before: 'Dealer', after: 'User' },
        status: { before: true, after: false },
      });
    });

    it('records a password set by an Admin as member.password, never the password or its hash', async () => {
      const target = await createMember(ctx);
      const res = await put(
        `/api/users/update/${target.id}`,
        profile(target, { city: 'Noida', password: 'NewPassw0rd!2026' }),
      );
      expectStatus(res, 200);
      const entries = await newEntries();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.action).toBe('member.password');
      expect(entries[0]!.changes).toEqual({
        city: { before: 'Gurugram', after: 'Noida' },
        password_hash: { before: '[redacted]', after: '[redacted]' },
      });
      const raw = JSON.stringify(entries[0]);
      expect(raw).not.toContain('NewPassw0rd');
      expect(raw).not.toContain('argon2');
    });

    it("does not audit a member's edit of their own profile (not an Admin action)", async () => {
      expectStatus(
        await put(`/api/users/update/${dealer.id}`, profile(dealer, { city: 'Delhi' }), dealer),
        200,
      );
      expect(await newEntries()).toEqual([]);
    });

    it('writes nothing when the change is refused: validation, unknown member, own role, not an Admin', async () => {
      const target = await createMember(ctx);
      expectStatus(
        await put(`/api/users/update/${target.id}`, profile(target, { email: 'nope' })),
        400,
      );
      expectStatus(await put('/api/users/update/999999', profile(target)), 404);
      expectStatus(
        await put(`/api/users/update/${admin.id}`, profile(admin, { role: 'Dealer' })),
        403,
      );
      expectStatus(
        await put(`/api/users/update/${target.id}`, profile(target, { role: 'Admin' }), dealer),
        403,
      );
      expect(await newEntries()).toEqual([]);
    });
  });

  describe('packages', () => {
    const input = (code: string, extra: Record<string, unknown> = {}) => ({
      packageName: 'Audit Pro',
      packageCode: code,
      packageType: 'Lead',
      packageCredits: 25,
      packageUnit: 'Leads',
      packageValidity: 30,
      packagePrice: 2500,
      ...extra,
    });

    it('records create, edit and deactivate, one entry each, with the fields before and after', async () => {
      const created = await post('/api/packages/add', input(`AUD-${engine}`));
      expectStatus(created, 201);
      const id = json<{ id: number }>(created).id;
      const [create, ...more] = await newEntries();
      expect(more).toEqual([]);
      expect(create).toMatchObject({ action: 'package.create', target_id: String(id) });
      expect(create!.changes).toMatchObject({
        packageCode: { before: null, after: `AUD-${engine}` },
        packageCredits: { before: null, after: 25 },
        isActive: { before: null, after: true },
      });

      expectStatus(
        await put(`/api/packages/update/${id}`, input(`AUD-${engine}`, { packagePrice: 3000 })),
        200,
      );
      const updates = await newEntries();
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ action: 'package.update', target_id: String(id) });
      expect(updates[0]!.changes).toEqual({ packagePrice: { before: 2500, after: 3000 } });

      expectStatus(await put(`/api/packages/deactivate/${id}`, undefined), 200);
      const deactivations = await newEntries();
      expect(deactivations).toHaveLength(1);
      expect(deactivations[0]).toMatchObject({ action: 'package.deactivate' });
      expect(deactivations[0]!.changes).toEqual({ isActive: { before: true, after: false } });
    });

    it('writes nothing for a taken code, an unknown package, bad input or a dealer', async () => {
      const taken = await post('/api/packages/add', input(`DUP-${engine}`));
      expectStatus(taken, 201);
      await newEntries();
      expectStatus(await post('/api/packages/add', input(`DUP-${engine}`)), 400);
      expectStatus(await put('/api/packages/update/999999', input('NEW-CODE')), 404);
      expectStatus(await put('/api/packages/deactivate/999999', undefined), 404);
      expectStatus(await post('/api/packages/add', input('X', { packageCredits: 0 })), 400);
      expectStatus(await post('/api/packages/add', input('BY-DEALER'), dealer), 403);
      expect(await newEntries()).toEqual([]);
    });
  });

  describe('user-package assignments', () => {
    it('records an assignment and its edit, one entry each', async () => {
      const packageId = await createPackage(ctx, { credits: 40, validity: 30 });
      const startDate = todayInIndia();
      const created = await post('/api/userpackage/add', {
        userId: dealer.id,
        packageId,
        startDate,
        creditDebited: 0,
      });
      expectStatus(created, 201);
      const id = json<{ id: number }>(created).id;
      const [create, ...more] = await newEntries();
      expect(more).toEqual([]);
      expect(create).toMatchObject({
        action: 'assignment.create',
        target_type: 'userPackage',
        target_id: String(id),
      });
      expect(create!.changes).toMatchObject({
        userId: { before: null, after: dealer.id },
        packageBalanceCredits: { before: null, after: 40 },
        endDate: { before: null, after: addDays(startDate, 30) },
      });

      expectStatus(
        await put(`/api/userpackage/update/${id}`, {
          userId: dealer.id,
          packageId,
          startDate,
          creditDebited: 5,
          isActive: false,
        }),
        200,
      );
      const [update, ...rest] = await newEntries();
      expect(rest).toEqual([]);
      expect(update).toMatchObject({ action: 'assignment.update', target_id: String(id) });
      expect(update!.changes).toEqual({
        creditDebited: { before: 0, after: 5 },
        packageBalanceCredits: { before: 40, after: 35 },
        isActive: { before: true, after: false },
      });
    });

    it('writes nothing when the assignment is refused', async () => {
      const packageId = await createPackage(ctx, { credits: 10 });
      const existing = await createUserPackage(ctx, dealer.id, { credits: 10 });
      const startDate = todayInIndia();
      const base = { userId: dealer.id, packageId, startDate, creditDebited: 0 };
      expectStatus(await post('/api/userpackage/add', { ...base, creditDebited: 11 }), 400);
      expectStatus(await post('/api/userpackage/add', { ...base, userId: 999999 }), 400);
      expectStatus(await put('/api/userpackage/update/999999', base), 404);
      expectStatus(
        await put(`/api/userpackage/update/${existing}`, { ...base, startDate: 'x' }),
        400,
      );
      expectStatus(await post('/api/userpackage/add', base, dealer), 403);
      expect(await newEntries()).toEqual([]);
    });
  });

  describe('leads', () => {
    it("records an Admin's lead status change as lead.update", async () => {
      const [lead] = await createLeads(ctx, [{}]);
      expectStatus(await put(`/api/leads/update/${lead!.id}`, { status: false }), 200);
      const [entry, ...rest] = await newEntries();
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        action: 'lead.update',
        target_type: 'lead',
        target_id: String(lead!.id),
      });
      expect(entry!.changes).toEqual({ status: { before: true, after: false } });
    });

    it('writes nothing for an unknown lead, an invalid id, bad input or a dealer', async () => {
      const [lead] = await createLeads(ctx, [{}]);
      expectStatus(await put('/api/leads/update/999999', { status: false }), 404);
      expectStatus(await put('/api/leads/update/abc', { status: false }), 400);
      expectStatus(await put(`/api/leads/update/${lead!.id}`, { status: 'no' }), 400);
      expectStatus(await put(`/api/leads/update/${lead!.id}`, { status: false }, dealer), 403);
      expect(await newEntries()).toEqual([]);
    });
  });

  describe('GET /api/admin/audit', () => {
    const list = (query: string, who: TestMember | 'anonymous' = admin) =>
      ctx.app.inject({
        url: `/api/admin/audit${query}`,
        headers: as(who === 'anonymous' ? undefined : who),
      });

    it('refuses anonymous callers and non-admins', async () => {
      expectStatus(await list(''), 200);
      expectStatus(await list('', 'anonymous'), 401);
      expectStatus(await list('', dealer), 403);
    });

    it('answers entries newest first with the Pagination header, filtered by actor, action and days', async () => {
      const all = await list('?pageSize=100');
      expectStatus(all, 200);
      const entries = json<AuditEntry[]>(all);
      expect(entries.length).toBeGreaterThanOrEqual(8);
      expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
      const pagination = JSON.parse(String(all.headers.pagination)) as Pagination;
      expect(pagination).toMatchObject({
        currentPage: 1,
        itemsPerPage: 100,
        totalItems: entries.length,
      });

      const page2 = await list('?pageSize=3&pageNumber=2');
      expect(json<AuditEntry[]>(page2).map((e) => e.id)).toEqual(
        entries.slice(3, 6).map((e) => e.id),
      );

      const byAction = json<AuditEntry[]>(await list('?action=package.update&pageSize=100'));
      expect(byAction.length).toBeGreaterThan(0);
      expect(byAction.every((e) => e.action === 'package.update')).toBe(true);
      expect(byAction[0]!.changes).toEqual({ packagePrice: { before: 2500, after: 3000 } });

      // The actor filter takes the user name in any case.
      const byActor = json<AuditEntry[]>(
        await list(`?actor=${admin.userName.toUpperCase()}&pageSize=100`),
      );
      expect(byActor).toHaveLength(entries.length);
      expect(json<AuditEntry[]>(await list(`?actor=${dealer.userName}`))).toEqual([]);

      const today = todayInIndia();
      expect(
        json<AuditEntry[]>(await list(`?from=${today}&to=${today}&pageSize=100`)),
      ).toHaveLength(entries.length);
      expect(json<AuditEntry[]>(await list(`?from=${addDays(today, 1)}`))).toEqual([]);
      expect(json<AuditEntry[]>(await list(`?to=${addDays(today, -1)}`))).toEqual([]);
    });

    it('names the member an action was about (a member or one of their packages), and no one for other targets', async () => {
      const target = await createMember(ctx);
      expectStatus(
        await put(`/api/users/update/${target.id}`, profile(target, { city: 'Noida' })),
        200,
      );
      const created = await post('/api/packages/add', {
        packageName: 'Named',
        packageCode: `NAMED-${engine}`,
        packageType: 'Lead',
        packageCredits: 7,
        packageUnit: 'Leads',
        packageValidity: 30,
        packagePrice: 700,
      });
      expectStatus(created, 201);
      const packageId = json<{ id: number }>(created).id;
      const assigned = await post('/api/userpackage/add', {
        userId: target.id,
        packageId,
        startDate: todayInIndia(),
        creditDebited: 0,
      });
      expectStatus(assigned, 201);
      const entries = json<AuditEntry[]>(await list('?pageSize=100'));
      const named = { id: target.id, userName: target.userName, name: `Member ${target.userName}` };
      expect(
        entries.find((e) => e.action === 'member.update' && e.targetId === String(target.id)),
      ).toMatchObject({ targetType: 'member', targetMember: named });
      expect(
        entries.find(
          (e) =>
            e.action === 'assignment.create' &&
            e.targetId === String(json<{ id: number }>(assigned).id),
        ),
      ).toMatchObject({ targetType: 'userPackage', targetMember: named });
      expect(
        entries.find((e) => e.action === 'package.create' && e.targetId === String(packageId)),
      ).toMatchObject({ targetType: 'package', targetMember: null });
    });

    it('refuses bad filters with the validation shape', async () => {
      for (const query of [
        '?action=member.delete',
        '?from=2026-02-30',
        '?from=2026-11-02&to=2026-11-01',
        '?pageSize=0',
      ]) {
        const res = await list(query);
        expectStatus(res, 400);
        expect(json<{ title: string }>(res).title).toBe('One or more validation errors occurred.');
      }
    });

    it('offers no way to change or delete an entry', async () => {
      const [entry] = json<AuditEntry[]>(await list('?pageSize=1'));
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/admin/audit/${entry!.id}`,
          headers: as(admin),
        });
        expect(res.statusCode).toBe(404);
        const bare = await ctx.app.inject({ method, url: '/api/admin/audit', headers: as(admin) });
        expect(bare.statusCode).toBe(404);
      }
      const [row] = await ctx.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', entry!.id)
        .execute();
      expect(row!.action).toBe(entry!.action);
    });
  });
});
