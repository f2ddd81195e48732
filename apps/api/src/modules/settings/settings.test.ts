// /api/settings on each engine: defaults, who may change them, validation, and the audit entry each change writes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type MarketplaceSettings } from '@dealerleads/shared';
import {
  bearer,
  json,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../../test/test-app';
import { runWrite } from '../../db/write-batcher';
import { readSettings, updateSettings } from './settings.service';

describe.each(testEngines())('settings on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: { role: 'Dealer' },
  });

  const put = (payload: Record<string, unknown>, who?: TestMember) =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings', payload, headers: bearer(who) });
  const auditRows = () =>
    ctx.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

  it('answers the defaults to anyone before an Admin changes them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(json<MarketplaceSettings>(res)).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses anonymous callers and dealers, and changes nothing', async () => {
    expect((await put({ maxDealersPerLead: 9 })).statusCode).toBe(401);
    expect((await put({ maxDealersPerLead: 9 }, dealer)).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(json<MarketplaceSettings>(res).maxDealersPerLead).toBe(5);
    expect(await auditRows()).toHaveLength(0);
  });

  it('refuses bad values and unknown keys with a validation error', async () => {
    for (const payload of [
      { maxDealersPerLead: 0 },
      { maxDealersPerLead: 2.5 },
      { maxDealersPerLead: '3' },
      { holdFlaggedLeads: 'yes' },
      { somethingElse: 1 },
    ]) {
      const res = await put(payload, admin);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<{ title: string }>(res).title).toBe('One or more validation errors occurred.');
    }
    expect(await auditRows()).toHaveLength(0);
  });

  it('lets an Admin change one setting, keeps the rest, and audits the change once', async () => {
    const res = await put({ maxDealersPerLead: 3 }, admin);
    expect(res.statusCode).toBe(200);
    expect(json<MarketplaceSettings>(res)).toEqual({ ...DEFAULT_SETTINGS, maxDealersPerLead: 3 });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(json<MarketplaceSettings>(again).maxDealersPerLead).toBe(3);

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      action: 'settings.update',
      target_type: 'settings',
    });
    expect(JSON.parse(rows[0]!.changes)).toEqual({ maxDealersPerLead: { before: 5, after: 3 } });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const [row] = await auditRows();
    await expect(
      ctx.database.db
        .updateTable('audit_log')
        .set({ action: 'x' })
        .where('id', '=', row!.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.database.db.deleteFrom('audit_log').where('id', '=', row!.id).execute(),
    ).rejects.toThrow(/append-only/);
    expect(await auditRows()).toHaveLength(1);
  });

  it('lets the writes of one batch after a change read the new settings', async () => {
    const { db } = ctx.database;
    const seen: number[] = [];
    const read = () =>
      runWrite(db, engine, async (tx) => {
        seen.push((await readSettings(tx)).maxDealersPerLead);
      });
    const actor = { id: admin.id, userName: 'admin', ip: null };
    // Queued together, so they share one transaction, where the settings are read once and then remembered.
    await Promise.all([
      read(),
      updateSettings(db, engine, actor, { maxDealersPerLead: 4 }),
      read(),
    ]);
    expect(seen).toEqual([3, 4]);
    await updateSettings(db, engine, actor, { maxDealersPerLead: 3 });
  });
});
