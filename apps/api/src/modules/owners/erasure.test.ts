// Erasure is physical: after the 180-day sweep blanks a sold car's phone number, the number is nowhere in the SQLite
// database file, its WAL, or a backup taken afterwards; on PostgreSQL the sweep vacuums the table it changed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { LeadSubmissionResult } from '@dealerleads/shared';
import { backupDatabase } from '../../db/backup';
import { json, testEngines, useTestApp } from '../../test/test-app';
import { ERASED_PHONE, PHONE_RETENTION_DAYS, runLeadLifecycle } from './lead-lifecycle';

const DAY = 86_400_000;
const PHONE = '9481726350';

/** How often `text` occurs in the file's bytes (0 for a missing file). */
function occurrences(file: string, text: string): number {
  if (!existsSync(file)) return 0;
  const bytes = readFileSync(file);
  let count = 0;
  for (let at = bytes.indexOf(text); at !== -1; at = bytes.indexOf(text, at + 1)) count += 1;
  return count;
}

describe.each(testEngines())('erasing a phone number on %s', (engine) => {
  const ctx = useTestApp(engine);
  const scratch = mkdtempSync(path.join(tmpdir(), 'dealerleads-erasure-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A sold car, its phone number in every place a lead's row and indexes reach. */
  async function soldLead(): Promise<number> {
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        year: 2018,
        brand: 'hyundai',
        model: 'Creta',
        ownerType: 'first',
        transmission: 'manual',
        fuelType: 'petrol',
        seats: 5,
        fullName: 'Erasure Owner',
        city: 'Gurugram',
        phoneNumber: PHONE,
        price: 760_000,
        consent: true,
      },
    });
    expect(submitted.statusCode).toBe(201);
    const result = json<LeadSubmissionResult>(submitted);
    const token = result.manageUrl.slice('/my-car/'.length);
    const sold = await ctx.app.inject({
      method: 'PUT',
      url: `/api/owner/leads/${token}`,
      payload: { listingStatus: 'sold' },
    });
    expect(sold.statusCode).toBe(200);
    return result.id;
  }

  const sweepAfterRetention = () =>
    runLeadLifecycle(
      ctx.database.db,
      engine,
      new Date(Date.now() + (PHONE_RETENTION_DAYS + 1) * DAY),
    );

  /** The database file's path, as SQLite names it. */
  async function sqliteFile(): Promise<string> {
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(ctx.database.db);
    return rows[0]!.file;
  }

  /** Manual vacuums of the leads table so far (PostgreSQL). */
  async function vacuums(): Promise<number> {
    // Statistics are read as of the transaction's first look: start from a fresh view.
    await sql`select pg_stat_clear_snapshot()`.execute(ctx.database.db);
    const { rows } = await sql<{ n: number }>`
      select vacuum_count as n from pg_stat_user_tables
      where schemaname = current_schema() and relname = 'leads'`.execute(ctx.database.db);
    return Number(rows[0]?.n ?? 0);
  }

  it('removes the number from the files once the sweep erased it', async () => {
    const id = await soldLead();
    const file = engine === 'sqlite' ? await sqliteFile() : '';
    if (engine === 'sqlite') {
      // As SQLite's automatic checkpoints do: the number reaches the database file, and stays in the WAL's frames.
      await sql`pragma wal_checkpoint(passive)`.execute(ctx.database.db);
      expect(occurrences(file, PHONE) + occurrences(`${file}-wal`, PHONE)).toBeGreaterThan(1);
    }
    const vacuumsBefore = engine === 'postgres' ? await vacuums() : 0;

    expect((await sweepAfterRetention()).erased).toBe(1);
    const row = await ctx.database.db
      .selectFrom('leads')
      .select('phone_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.phone_number).toBe(ERASED_PHONE);

    if (engine === 'sqlite') {
      const backup = path.join(scratch, 'after-sweep.db');
      await backupDatabase(file, backup);
      expect({
        database: occurrences(file, PHONE),
        wal: occurrences(`${file}-wal`, PHONE),
        backup: occurrences(backup, PHONE),
      }).toEqual({ database: 0, wal: 0, backup: 0 });
    } else {
      // The old row versions are vacuumed at once; a sweep that erased nothing vacuums nothing.
      expect(await vacuums()).toBe(vacuumsBefore + 1);
      expect((await sweepAfterRetention()).erased).toBe(0);
      expect(await vacuums()).toBe(vacuumsBefore + 1);
    }
  });
});
