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

/** How long a process shows lists and details with the settings it read last (the unlock always reads them afresh). */
export const DISPLAY_SETTINGS_MS = 5_000;
const shown = new WeakMap<Queryable, { until: number; settings: Promise<MarketplaceSettings> }>();

/**
 * The settings for what a read only shows (the cap on cards, hiding sold-out leads): remembered for a few seconds
 * per process, so a list costs no statement for them. A change in this process shows at once; in another within
 * DISPLAY_SETTINGS_MS. Rules (the cap an unlock obeys, holding flagged leads) read them inside their transaction.
 */
export function displaySettings(db: Queryable): Promise<MarketplaceSettings> {
  const now = Date.now();
  const kept = shown.get(db);
  if (kept && kept.until > now) return kept.settings;
  const settings = readSettings(db);
  shown.set(db, { until: now + DISPLAY_SETTINGS_MS, settings });
  settings.catch(() => shown.delete(db));
  return settings;
}

/** Applies an Admin's change and its audit entry in one transaction; returns the settings after it. */
export async function updateSettings(
  db: Db,
  engine: Engine,
  actor: AuditActor,
  update: SettingsUpdate,
): Promise<MarketplaceSettings> {
  const updated = await runWrite(db, engine, async (tx) => {
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
  shown.delete(db);
  return updated;
}
