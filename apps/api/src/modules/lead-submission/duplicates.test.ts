// Duplicates through real HTTP on each engine (design §11.2): the same number offering the same model within 30 days is
// refused as before, and the existing listing's private link goes again by SMS to that number, through the outbox, at
// most once an hour per lead; the worker then delivers it.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiMessages, type LeadSubmissionResult } from '@dealerleads/shared';
import { json, testEngines, useTestApp } from '../../test/test-app';
import { outboxSmsSender, smsDelivery, startSmsWorker } from '../sms/sms.service';

let phoneSeq = 0;
function submission(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  return {
    year: 2019,
    brand: 'maruti-suzuki',
    model: 'Swift',
    ownerType: 'first',
    transmission: 'manual',
    fuelType: 'petrol',
    seats: 5,
    fullName: 'Suresh Nair',
    city: 'Noida',
    phoneNumber: `96${String(42_000_000 + phoneSeq * 3571).slice(-8)}`,
    price: 520_000,
    consent: true,
    fillSeconds: 180,
    ...overrides,
  };
}

const HOUR = 3_600_000;

describe.each(testEngines())('duplicate submissions on %s', (engine) => {
  let now = new Date('2026-11-20T08:00:00Z').getTime();
  const ctx = useTestApp(engine, { clock: () => new Date(now) });
  const smsDir = mkdtempSync(path.join(tmpdir(), 'dl-dup-sms-'));
  afterAll(() => rmSync(smsDir, { recursive: true, force: true }));

  const submit = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/leads', payload });
  const ownerPage = (manageUrl: string) =>
    ctx.app.inject({ url: `/api/owner/leads/${manageUrl.slice('/my-car/'.length)}` });
  const linkTexts = (phone: string) =>
    ctx.database.db
      .selectFrom('sms_outbox')
      .select(['id', 'body', 'template', 'vars', 'status'])
      .where('phone_number', '=', phone)
      .where('template', '=', 'owner-link')
      .orderBy('id')
      .execute();

  it('refuses the repeat with the same message and queues the listing’s private link to that number', async () => {
    const car = submission();
    const first = await submit(car);
    expect(first.statusCode, first.body).toBe(201);
    const { id, manageUrl } = json<LeadSubmissionResult>(first);

    now += 5 * 60_000;
    const again = await submit({ ...car, price: 540_000, fullName: 'S. Nair' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, message: apiMessages.duplicateLead });
    const texts = await linkTexts(car.phoneNumber);
    expect(texts).toHaveLength(1);
    const link = /See and manage it here: (http:\/\/dealerleads\.test\/my-car\/\S+)$/.exec(
      texts[0]!.body,
    )?.[1];
    expect(link).toBeDefined();
    expect(JSON.parse(texts[0]!.vars!)).toEqual({ link });
    // The link sent opens the existing listing; the old one was replaced (only its hash was kept).
    const page = await ownerPage(new URL(link!).pathname);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ id, price: 520_000 });
    expect((await ownerPage(manageUrl)).statusCode).toBe(404);
    // Nothing of the repeat was stored.
    const leads = await ctx.database.db
      .selectFrom('leads')
      .select('id')
      .where('phone_number', '=', car.phoneNumber)
      .execute();
    expect(leads).toEqual([{ id }]);

    // The worker delivers it to the number.
    const worker = startSmsWorker(ctx.database, smsDelivery(outboxSmsSender(smsDir)), {
      intervalMs: 0,
      batch: 10,
      clock: () => new Date(now),
      onError: (error) => {
        throw error;
      },
    });
    await worker.runOnce();
    await worker.stop();
    const file = readdirSync(smsDir).find((f) => f.endsWith(`-${car.phoneNumber}.txt`));
    expect(readFileSync(path.join(smsDir, file!), 'utf8')).toContain(link!);
    expect((await linkTexts(car.phoneNumber))[0]!.status).toBe('sent');
  });

  it('sends the link at most once an hour per lead, however often the form is repeated', async () => {
    const car = submission();
    expect((await submit(car)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      now += 10 * 60_000;
      expect((await submit(car)).statusCode).toBe(400);
    }
    const within = await linkTexts(car.phoneNumber);
    expect(within).toHaveLength(1);
    const firstLink = /here: (\S+)$/.exec(within[0]!.body)![1]!;
    // The link sent still works: repeats inside the hour did not replace it.
    expect((await ownerPage(new URL(firstLink).pathname)).statusCode).toBe(200);

    now += HOUR;
    expect((await submit(car)).statusCode).toBe(400);
    const later = await linkTexts(car.phoneNumber);
    expect(later).toHaveLength(2);
    const secondLink = /here: (\S+)$/.exec(later[1]!.body)![1]!;
    expect(secondLink).not.toBe(firstLink);
    expect((await ownerPage(new URL(secondLink).pathname)).statusCode).toBe(200);
  });

  it('sends nothing for another model from the same number, nor after 30 days', async () => {
    const car = submission();
    expect((await submit(car)).statusCode).toBe(201);
    now += 60_000;
    expect((await submit({ ...car, brand: 'hyundai', model: 'Creta' })).statusCode).toBe(201);
    now += 31 * 24 * HOUR;
    expect((await submit(car)).statusCode).toBe(201);
    expect(await linkTexts(car.phoneNumber)).toEqual([]);
  });
});
