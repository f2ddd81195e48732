// `npm run seed -- --leads N` as an operator runs it: a real process on a fresh SQLite file, which adds the leads and
// runs as a background job (the lowest CPU priority, beside API processes that keep serving).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY_TEXT, runCli } from '../test/run-cli';

const dir = mkdtempSync(path.join(tmpdir(), 'dealerleads-seed-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const seedCli = (file: string, leads: number, more: string[] = []) =>
  runCli('seed', ['--leads', String(leads), ...more], {
    DATABASE_URL: `file:${file}`,
    SEED_DEMO: 'false',
  });

describe('the seed CLI', () => {
  it('adds leads up to the number asked for, at the lowest CPU priority', async () => {
    const file = path.join(dir, 'seeded.db');
    const run = await seedCli(file, 40);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Added 40 leads in [\d.]+ s /);
    expect(run.output).toContain(`(${BACKGROUND_PRIORITY_TEXT}; worked `);
    const again = await seedCli(file, 40);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('The database already holds 40 leads');
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('select count(*) from leads').pluck().get()).toBe(40);
    } finally {
      db.close();
    }
  }, 60_000);

  it('refuses a --duty outside (0, 1] before touching the database', async () => {
    const file = path.join(dir, 'refused.db');
    for (const duty of ['0', '1.5', 'half']) {
      const run = await seedCli(file, 10, ['--duty', duty]);
      expect(run.code, run.output).toBe(2);
      expect(run.output).toContain('--duty takes the share of time the import works');
    }
    expect(existsSync(file)).toBe(false);
    const full = await seedCli(file, 10, ['--duty', '1']);
    expect(full.code, full.output).toBe(0);
    expect(full.output).toMatch(/Added 10 leads .*; worked [\d.]+ s, rested 0\.00 s\)/);
  }, 60_000);

  it('rests between batches so that it works only its --duty of the time', async () => {
    const run = await seedCli(path.join(dir, 'paced.db'), 3_000, ['--duty', '0.25']);
    expect(run.code, run.output).toBe(0);
    const [, worked, rested] = /worked ([\d.]+) s, rested ([\d.]+) s/.exec(run.output) ?? [];
    expect(Number(worked)).toBeGreaterThan(0);
    // Three times as long resting as working (each figure rounded to tens of milliseconds).
    expect(Math.abs(Number(rested) - 3 * Number(worked))).toBeLessThanOrEqual(0.02);
  }, 60_000);
});
