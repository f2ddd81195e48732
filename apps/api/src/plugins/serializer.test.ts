// The response serializer writes only what the route's schema declares.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leadSchema } from '@dealerleads/shared';
import { serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('serializerCompiler', () => {
  it('compiles the schema at the first answer, once, not when the route is registered', () => {
    let reads = 0;
    const write = compile(
      z.object({
        name: z.lazy(() => {
          reads++;
          return z.string();
        }),
      }),
    );
    expect(reads).toBe(0);
    expect(JSON.parse(write({ name: 'A', extra: 1 }))).toEqual({ name: 'A' });
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(JSON.parse(write({ name: 'B' }))).toEqual({ name: 'B' });
    expect(reads).toBe(afterFirst);
  });

  it('drops fields the schema does not declare', () => {
    const write = compile(
      z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() }),
    );
    expect(
      JSON.parse(
        write({ id: 1, name: 'A', note: null, password_hash: '$argon2id$…', phone: '9876543210' }),
      ),
    ).toEqual({ id: 1, name: 'A', note: null });
  });

  it('writes arrays of leads and unions of error shapes', () => {
    const lead = {
      id: 1,
      fullName: 'A',
      phoneNumber: 'XXXXXXX210',
      city: 'Noida',
      brand: 'kia',
      model: 'Seltos',
      varient: null,
      rto: 'UP',
      year: 2020,
      fuelType: 'petrol',
      ownerName: 'first',
      transmission: 'manual',
      seats: 5,
      price: 900000,
      kmDriven: null,
      status: true,
      createdOn: '2026-11-22T00:00:00.000Z',
      unlocked: false,
      listingStatus: 'open',
      unlockCount: 0,
      maxDealers: 5,
      photos: [],
      marketPrice: null,
      priceVsMarket: null,
      phoneVerified: false,
      verifiedOn: null,
      phone_number: '9876543210',
    };
    expect(JSON.parse(compile(z.array(leadSchema))([lead]))).toEqual(
      [{ ...lead, phone_number: undefined }].map(({ phone_number: _p, ...rest }) => rest),
    );
    const error = compile(
      z.union([
        z.object({
          title: z.string(),
          status: z.literal(400),
          errors: z.record(z.string(), z.array(z.string())),
        }),
        z.object({ status: z.number(), message: z.string() }),
      ]),
    );
    expect(JSON.parse(error({ status: 400, message: 'No credits available to subtract' }))).toEqual(
      { status: 400, message: 'No credits available to subtract' },
    );
  });
});
