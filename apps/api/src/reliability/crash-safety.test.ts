// Crash safety on SQLite: SIGKILL mid unlock burst, restart, every acknowledged unlock kept, ledger and file sound.
// The long run (100+ cycles) is `node --import tsx scripts/crash-run.ts --cycles 100`.
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, MIN_SQLITE_VERSION, openDatabase } from '../db/database';
import { crashCycle, createCrashWorld, finalCheck, type CrashWorld } from './crash';
import { seededRandom } from './random';
import { bundleServer, type ServerBundle } from './server-process';

const CYCLES = 20;

describe('crash safety on SQLite', () => {
  let bundle: ServerBundle;
  let world: CrashWorld;

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await createCrashWorld();
  }, 60_000);
  afterAll(() => {
    world?.remove();
    bundle?.remove();
  });

  it(`keeps every acknowledged unlock, a sound ledger and a sound file over ${CYCLES} SIGKILL cycles`, async () => {
    const random = seededRandom();
    let acknowledged = 0;
    let cutOff = 0;
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const report = await crashCycle(world, bundle.entry, random);
      expect(report.problems, `cycle ${cycle}, seed ${random.seed}`).toEqual([]);
      acknowledged += report.acknowledged;
      cutOff += report.cutOff;
    }
    expect(
      await finalCheck(world, bundle.entry),
      `after the last kill, seed ${random.seed}`,
    ).toEqual([]);
    // The kills really landed mid-burst: unlocks were acknowledged, and requests were cut off by them.
    expect(acknowledged).toBeGreaterThanOrEqual(CYCLES);
    expect(cutOff).toBeGreaterThan(0);
  }, 600_000);
});

describe('the SQLite version floor', () => {
  it('compares versions part by part as numbers', () => {
    expect(compareVersions('3.51.2', MIN_SQLITE_VERSION)).toBeLessThan(0);
    expect(compareVersions('3.51.3', MIN_SQLITE_VERSION)).toBe(0);
    expect(compareVersions('3.51.4', MIN_SQLITE_VERSION)).toBeGreaterThan(0);
    expect(compareVersions('3.52.0', MIN_SQLITE_VERSION)).toBeGreaterThan(0);
    expect(compareVersions('3.9.9', MIN_SQLITE_VERSION)).toBeLessThan(0);
    expect(compareVersions('3.100.0', MIN_SQLITE_VERSION)).toBeGreaterThan(0);
    expect(compareVersions('3.51', MIN_SQLITE_VERSION)).toBeLessThan(0);
    expect(compareVersions('3.51.3.1', MIN_SQLITE_VERSION)).toBeGreaterThan(0);
    expect(compareVersions('4.0.0', MIN_SQLITE_VERSION)).toBeGreaterThan(0);
    expect(compareVersions('2.99.99', MIN_SQLITE_VERSION)).toBeLessThan(0);
  });

  it('accepts the bundled SQLite, and the floor is what openDatabase enforces', async () => {
    const probe = new Sqlite(':memory:');
    const bundled = (probe.prepare('select sqlite_version() as v').get() as { v: string }).v;
    probe.close();
    expect(compareVersions(bundled, MIN_SQLITE_VERSION)).toBeGreaterThanOrEqual(0);
    const handle = openDatabase({ engine: 'sqlite', file: ':memory:' });
    expect(await handle.version()).toBe(`SQLite ${bundled}`);
    await handle.close();
  });
});
