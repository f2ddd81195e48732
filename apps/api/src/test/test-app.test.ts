// The test set-up itself: where PostgreSQL is expected, its absence fails the run instead of shrinking it.
import { describe, expect, it } from 'vitest';
import { testEngines } from './test-app';

describe('testEngines', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/x';

  it('runs on both engines when TEST_DATABASE_URL is set', () => {
    expect(testEngines({ TEST_DATABASE_URL: url })).toEqual(['sqlite', 'postgres']);
    expect(testEngines({ TEST_DATABASE_URL: url, CI: 'true' })).toEqual(['sqlite', 'postgres']);
  });

  it('runs on SQLite alone on a developer machine without it', () => {
    expect(testEngines({})).toEqual(['sqlite']);
  });

  it('runs on SQLite alone in the fast lane, whatever is configured', () => {
    expect(testEngines({ TEST_LANE: 'fast', TEST_DATABASE_URL: url })).toEqual(['sqlite']);
    expect(testEngines({ TEST_LANE: 'fast', REQUIRE_POSTGRES: '1', CI: 'true' })).toEqual([
      'sqlite',
    ]);
  });

  it.each([[{ CI: 'true' }], [{ REQUIRE_POSTGRES: '1' }]])(
    'fails when PostgreSQL is expected (%o) and TEST_DATABASE_URL is missing',
    (env) => {
      expect(() => testEngines(env)).toThrow(/TEST_DATABASE_URL is not set/);
    },
  );
});
