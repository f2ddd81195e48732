// With REDIS_URL, the rate-limit counters are shared: two API processes on one database together allow what one
// would. Redis runs beside the database in CI (.ci/run starts it and sets TEST_REDIS_URL); without TEST_REDIS_URL the
// suite uses Redis on its default port, and is reported as skipped when none answers there.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, testConfig, type TestDatabase } from '../test/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something accepts connections at the URL's host and port within a second. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

// A Redis named by TEST_REDIS_URL is required: the test fails rather than skips if it is down.
const redisUp = Boolean(process.env.TEST_REDIS_URL) || (await answers(REDIS_URL));

describe.skipIf(!redisUp)(
  redisUp
    ? 'rate limits shared through Redis'
    : 'rate limits shared through Redis (needs Redis or TEST_REDIS_URL: skipped)',
  () => {
    let testDb: TestDatabase;
    beforeAll(async () => {
      testDb = await createTestDatabase('sqlite');
    });
    afterAll(async () => testDb.drop());

    it('counts one IP across two processes, and each process alone without Redis', async () => {
      const limit = 6;
      // A namespace of this run's own IP, so runs in parallel never share counters.
      const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const start = (redisUrl?: string) =>
        buildApp(
          testConfig(testDb.config, {
            rateLimits: { login: 1000, loginPerIp: 1000, leadSubmit: 1000, api: limit },
            ...(redisUrl ? { redisUrl } : {}),
          }),
          { database: testDb.handle, logger: false },
        ).then(({ app }) => app);
      const statuses = async (apps: Awaited<ReturnType<typeof start>>[]) => {
        const codes: number[] = [];
        for (let i = 0; i < limit * 2; i++) {
          const app = apps[i % apps.length]!;
          codes.push((await app.inject({ url: '/api/packages', remoteAddress: ip })).statusCode);
        }
        return codes;
      };
      const shared = [await start(REDIS_URL), await start(REDIS_URL)];
      try {
        const codes = await statuses(shared);
        expect(codes.filter((c) => c === 200)).toHaveLength(limit);
        expect(codes.slice(limit).every((c) => c === 429)).toBe(true);
      } finally {
        for (const app of shared) await app.close();
      }
      const alone = [await start(), await start()];
      try {
        expect((await statuses(alone)).every((c) => c === 200)).toBe(true);
      } finally {
        for (const app of alone) await app.close();
      }
    });
  },
);
