// PostgreSQL: the lead change log (migration 2026-11-23-0007) written as the transaction commits instead of as each
// statement runs. Before, a statement writing leads first bumped leads_version, and that row's lock was held until
// the transaction ended: every write transaction touching a lead (an unlock's dealer place, a submission) waited for
// the one before it to finish all of its work, so concurrent write batches ran one after the other. Now a deferred
// row trigger fires at commit: the first change of the transaction bumps leads_version (taking the lock), then each
// change takes its revision. The lock is held only through the commit itself, and revisions still grow in commit
// order (taken under the lock). A change rolled back to a savepoint never fires. SQLite has one writer: unchanged.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/** The transaction-local setting that says leads_version was already bumped by this transaction. */
const BUMPED = 'dealerleads.leads_version_bumped';

const LOG_AT_COMMIT = `create or replace function log_lead_change() returns trigger language plpgsql as $$
  begin
    if current_setting('${BUMPED}', true) is distinct from 'yes' then
      update leads_version set version = version + 1 where id = 1;
      perform set_config('${BUMPED}', 'yes', true);
    end if;
    if tg_op = 'DELETE' then
      insert into lead_changes (lead_id) values (old.id);
    else
      if tg_op = 'UPDATE' and old.id <> new.id then
        insert into lead_changes (lead_id) values (old.id);
      end if;
      insert into lead_changes (lead_id) values (new.id);
    end if;
    return null;
  end $$`;

/** Migration 2026-11-23-0007's function: it logs each change as its statement runs, after the statement's bump. */
const LOG_AS_WRITTEN = `create or replace function log_lead_change() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      insert into lead_changes (lead_id) values (old.id);
    else
      if tg_op = 'UPDATE' and old.id <> new.id then
        insert into lead_changes (lead_id) values (old.id);
      end if;
      insert into lead_changes (lead_id) values (new.id);
    end if;
    return null;
  end $$`;

export function leadChangesAtCommitMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('drop trigger leads_version_bump on leads').execute(db);
      await sql.raw('drop trigger lead_changes_log on leads').execute(db);
      await sql.raw(LOG_AT_COMMIT).execute(db);
      await sql
        .raw(
          `create constraint trigger lead_changes_log after insert or update or delete on leads
           deferrable initially deferred for each row execute function log_lead_change()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine !== 'postgres') return;
      await sql.raw('drop trigger lead_changes_log on leads').execute(db);
      await sql.raw(LOG_AS_WRITTEN).execute(db);
      await sql
        .raw(
          `create trigger lead_changes_log after insert or update or delete on leads
           for each row execute function log_lead_change()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger leads_version_bump before insert or update or delete on leads
           for each statement execute function bump_leads_version()`,
        )
        .execute(db);
    },
  };
}
