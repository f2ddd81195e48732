// Security rules that must hold with two real API processes on one database, on each engine: the same UTR given at
// once through both processes gets the single-process 400 (never a 500 from the unique index).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '@dealerleads/shared';
import type { DatabaseHandle } from '../db/database';
import { testEngines } from '../test/test-app';
import { startServersOnOneDatabase, type ServersOnOneDatabase } from './databases';
import { request, sessionToken } from './http';
import { bundleServer, type ServerBundle, type ServerProcess } from './server-process';
import { addDealers, addUserPackages } from './world';

const JWT_SECRET = 'two-process-security-0123456789-abcdefghijklmnopqrstuvwxyz';
const ROUNDS = 10;

describe.each(testEngines())('security rules across two API processes on %s', (engine) => {
  let bundle: ServerBundle | undefined;
  let world: ServersOnOneDatabase | undefined;
  let servers: ServerProcess[];
  let handle: DatabaseHandle;

  beforeAll(async () => {
    bundle = await bundleServer();
    world = await startServersOnOneDatabase(engine, bundle.entry, {
      count: 2,
      jwtSecret: JWT_SECRET,
    });
    ({ servers, handle } = world);
  }, 120_000);
  afterAll(async () => {
    await world?.remove();
    bundle?.remove();
  }, 60_000);

  it('answers 400 "UTR already given" to the loser when two processes take the same UTR at once', async () => {
    const dealers = await addDealers(handle.db, 2);
    const tokens = dealers.map((d) => sessionToken(d, JWT_SECRET));
    const [assigned] = await addUserPackages(handle.db, [
      { userId: dealers[0]!.id, kind: 'credits', credits: 1 },
    ]);
    const packageId = assigned!.packageId;
    const order = async (i: number) => {
      const res = await request(servers[i]!.url, 'POST', '/api/orders', {
        token: tokens[i]!,
        body: { packageId },
      });
      return (res!.body as { id: number }).id;
    };
    for (let round = 0; round < ROUNDS; round++) {
      const ids = [await order(0), await order(1)];
      const utr = String(800_000_000_000 + round);
      const answers = await Promise.all(
        [0, 1].map((i) =>
          request(servers[i]!.url, 'PUT', `/api/orders/${ids[i]!}/utr`, {
            token: tokens[i]!,
            body: { utr },
          }),
        ),
      );
      const statuses = answers.map((a) => a?.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 400]);
      expect(answers.find((a) => a?.status === 400)!.body).toMatchObject({
        status: 400,
        message: orderMessages.utrTaken,
      });
      // Settle both orders so each dealer stays below the limit of open orders.
      await handle.db
        .updateTable('orders')
        .set({ status: 'rejected' })
        .where('id', 'in', ids)
        .execute();
    }
  });
});
