// Marketplace settings: defaults from packages/shared, overridden by rows of the `settings` table.
import {
  DEFAULT_SETTINGS,
  marketplaceSettingsSchema,
  type MarketplaceSettings,
  type SettingsUpdate,
} from '@dealerleads/shared';
import type { Db, Engine, Queryable } from '../../db/database';
import { runWrite } from '../../db/write-batcher';
import { recordAudit, type AuditActor } from '../audit/audit.service';

type SettingKey = keyof MarketplaceSettings;

/** The settings in force; read it inside a transaction to act on the value that transaction sees. */
export async function readSettings(db: Queryable): Promise<MarketplaceSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      stored[row.key] = JSON.parse(row.value);
    } catch {
      // A value that is not JSON is ignored: the default stands.
    }
  }
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) {
    if (!(key in stored)) continue;
    const parsed = marketplaceSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  return settings;
}

/** Applies an Admin's change and its audit entry in one transaction; returns the settings after it. */
export async function updateSettings(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  update: SettingsUpdate,
): Promise<MarketplaceSettings> {
  return runWrite(db, engine, async (tx) => {
    const before = await readSettings(tx);
    const after = { ...before, ...update };
    for (const key of Object.keys(update) as SettingKey[]) {
      const value = JSON.stringify(after[key]);
      await tx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
    await recordAudit(tx, actor, {
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      before,
      after,
    });
    return after;
  });
}
