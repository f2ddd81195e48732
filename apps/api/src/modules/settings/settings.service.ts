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

/**
 * The settings read by a write transaction, kept until it ends: the writes group-committed in one transaction
 * (runWrite) read them once per batch, not once per unlock. Only updateSettings changes them, and it forgets them.
 */
const readIn = new WeakMap<Queryable, Promise<MarketplaceSettings>>();

/**
 * The settings in force; read it inside a transaction to act on the value that transaction sees (its first read:
 * another process's change during a batch of writes counts from the next one).
 */
export function readSettings(db: Queryable): Promise<MarketplaceSettings> {
  if (!db.isTransaction) return readStoredSettings(db);
  let settings = readIn.get(db);
  if (settings === undefined) {
    settings = readStoredSettings(db);
    readIn.set(db, settings);
    settings.catch(() => readIn.delete(db));
  }
  return settings;
}

async function readStoredSettings(db: Queryable): Promise<MarketplaceSettings> {
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

/** How long a process shows lists and details with the settings it read last (a write reads them in its batch). */
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
    const before = await readStoredSettings(tx);
    const after = { ...before, ...update };
    // Forgotten before the first write: the writes after it in this batch read the new values (or, when this one
    // is rolled back, the old ones again).
    readIn.delete(tx);
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
