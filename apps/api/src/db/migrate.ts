// Runs the migrations (listed here, not read from disk, so the bundled server carries them).
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from './database';
import { initialMigration } from './migrations/2026-11-22-0001-initial';
import { leadSearchMigration } from './migrations/2026-11-22-0002-lead-search';
import { leadsVersionMigration } from './migrations/2026-11-22-0003-leads-version';
import { coveringLeadIndexesMigration } from './migrations/2026-11-22-0004-covering-lead-indexes';
import { activeLeadSearchMigration } from './migrations/2026-11-22-0005-active-lead-search';
import { cityFuelCoveringIndexMigration } from './migrations/2026-11-22-0006-city-fuel-covering-index';
import { leadChangesMigration } from './migrations/2026-11-23-0007-lead-changes';
import { unlocksRevisionMigration } from './migrations/2026-11-23-0008-unlocks-revision';
import { settingsAndAuditMigration } from './migrations/2026-11-24-0001-settings-and-audit';
import { userNameKeyMigration } from './migrations/2026-11-24-0101-user-name-key';
import { tokenVersionMigration } from './migrations/2026-11-24-0102-token-version';
import { creditLedgerMigration } from './migrations/2026-11-24-0201-credit-ledger';
import { leadUnlockCountMigration } from './migrations/2026-11-24-0202-lead-unlock-count';
import { leadChangeNotifyMigration } from './migrations/2026-11-24-0401-lead-change-notify';
import { workspaceMigration } from './migrations/2026-11-24-0501-workspace';
import { alertsMigration } from './migrations/2026-11-24-0502-alerts';
import { ownerControlMigration } from './migrations/2026-11-24-0601-owner-control';
import { insightsRollupsMigration } from './migrations/2026-11-24-0602-insights-rollups';
import { emailOutboxMigration } from './migrations/2026-11-25-0601-email-outbox';
import { ordersMigration } from './migrations/2026-11-25-0301-orders';
import { memberChangeNotifyMigration } from './migrations/2026-11-25-0701-member-change-notify';
import { leadRollupsPerStatementMigration } from './migrations/2026-11-26-0101-lead-rollups-per-statement';
import { leadsFillfactorMigration } from './migrations/2026-11-26-0202-leads-fillfactor';
import { disputesMigration } from './migrations/2026-11-25-0401-disputes';
import { unlocksRevisionNotifyMigration } from './migrations/2026-11-27-0101-unlocks-revision-notify';
import { securityBMigration } from './migrations/2026-11-28-0201-security-b';
import { leadPhotosMigration } from './migrations/2026-11-28-0401-lead-photos';
import { pushAndPreferencesMigration } from './migrations/2026-11-28-0501-push-and-preferences';
import { phoneVerificationsMigration } from './migrations/2026-11-28-0701-phone-verifications';
import { leadVerifiedMigration } from './migrations/2026-11-28-0702-lead-verified';
import { passwordResetsMigration } from './migrations/2026-11-28-1301-password-resets';
import { priceGuideMigration } from './migrations/2026-11-28-0302-price-guide';
import { accountEventsMigration } from './migrations/2026-11-28-1001-account-events';
import { marketRefreshMigration } from './migrations/2026-11-28-1101-market-refresh';
import { smsProvidersAndFraudMigration } from './migrations/2026-11-28-1201-sms-providers-and-fraud';
import { verifiedRollupMigration } from './migrations/2026-11-28-1501-verified-rollup';
import { bulkLeadUpdatesMigration } from './migrations/2026-11-29-0101-bulk-lead-updates';

function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '2026-11-22-0001-initial': initialMigration(engine),
    '2026-11-22-0002-lead-search': leadSearchMigration(engine),
    '2026-11-22-0003-leads-version': leadsVersionMigration(engine),
    '2026-11-22-0004-covering-lead-indexes': coveringLeadIndexesMigration(),
    '2026-11-22-0005-active-lead-search': activeLeadSearchMigration(engine),
    '2026-11-22-0006-city-fuel-covering-index': cityFuelCoveringIndexMigration(),
    '2026-11-23-0007-lead-changes': leadChangesMigration(engine),
    '2026-11-23-0008-unlocks-revision': unlocksRevisionMigration(engine),
    '2026-11-24-0001-settings-and-audit': settingsAndAuditMigration(engine),
    '2026-11-24-0101-user-name-key': userNameKeyMigration(engine),
    '2026-11-24-0102-token-version': tokenVersionMigration(),
    '2026-11-24-0201-credit-ledger': creditLedgerMigration(engine),
    '2026-11-24-0202-lead-unlock-count': leadUnlockCountMigration(),
    '2026-11-24-0401-lead-change-notify': leadChangeNotifyMigration(engine),
    '2026-11-24-0501-workspace': workspaceMigration(engine),
    '2026-11-24-0502-alerts': alertsMigration(engine),
    '2026-11-24-0601-owner-control': ownerControlMigration(engine),
    '2026-11-24-0602-insights-rollups': insightsRollupsMigration(engine),
    '2026-11-25-0601-email-outbox': emailOutboxMigration(engine),
    '2026-11-25-0301-orders': ordersMigration(engine),
    '2026-11-25-0701-member-change-notify': memberChangeNotifyMigration(engine),
    '2026-11-25-0401-disputes': disputesMigration(engine),
    '2026-11-26-0101-lead-rollups-per-statement': leadRollupsPerStatementMigration(engine),
    '2026-11-26-0202-leads-fillfactor': leadsFillfactorMigration(engine),
    '2026-11-27-0101-unlocks-revision-notify': unlocksRevisionNotifyMigration(engine),
    '2026-11-28-0201-security-b': securityBMigration(engine),
    '2026-11-28-0401-lead-photos': leadPhotosMigration(engine),
    '2026-11-28-0501-push-and-preferences': pushAndPreferencesMigration(engine),
    '2026-11-28-0701-phone-verifications': phoneVerificationsMigration(engine),
    '2026-11-28-0702-lead-verified': leadVerifiedMigration(engine),
    '2026-11-28-0302-price-guide': priceGuideMigration(),
    '2026-11-28-1001-account-events': accountEventsMigration(engine),
    '2026-11-28-1101-market-refresh': marketRefreshMigration(engine),
    '2026-11-28-1301-password-resets': passwordResetsMigration(engine),
    '2026-11-28-1201-sms-providers-and-fraud': smsProvidersAndFraudMigration(engine),
    '2026-11-28-1501-verified-rollup': verifiedRollupMigration(engine),
    '2026-11-29-0101-bulk-lead-updates': bulkLeadUpdatesMigration(engine),
  };
}

/** Migrates up (or down) to the named migration: tests of a data migration start from the one before it. */
export async function migrateTo<T>(
  db: Kysely<T>,
  engine: Engine,
  target: string,
  schema?: string,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(engine) };
  const migrator = new Migrator({
    db,
    provider,
    // Engineers number their migrations in their own ranges (…-02NN, …-05NN), so a database may meet one that
    // sorts before migrations it already ran.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** `schema`: the PostgreSQL schema to keep Kysely's bookkeeping tables in when it is not the default. */
export async function migrateToLatest<T>(
  db: Kysely<T>,
  engine: Engine,
  schema?: string,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(engine) };
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
    // Features land in parallel, each with its own block of names: a database that already ran a later block's
    // migration still takes an earlier block's new one (they touch different tables).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
