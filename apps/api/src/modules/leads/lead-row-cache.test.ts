// LeadRowCache: bounded, forgets changed leads, and never keeps rows read across a forget (they may predate it).
import { describe, expect, it } from 'vitest';
import { leadValues } from '../../test/fixtures';
import { LeadRowCache, type PageRow } from './lead-row-cache';
import type { LeadShownRow } from './leads.repository';

const row = (id: number, price = 400_000): PageRow => ({ row: shownRow(id, price) });

const shownRow = (id: number, price: number): LeadShownRow => {
  const lead = leadValues({ price });
  return {
    id,
    full_name: lead.full_name,
    phone_number: lead.phone_number,
    city: lead.city,
    brand: lead.brand,
    model: lead.model,
    varient: null,
    rto: lead.rto ?? null,
    year: lead.year,
    fuel_type: lead.fuel_type,
    owner_name: lead.owner_name,
    transmission: lead.transmission,
    seats: lead.seats,
    price,
    km_driven: null,
    status: 1,
    created_on: '2026-11-25T10:00:00.000Z',
    listing_status: 'open',
    unlock_count: 0,
  };
};

describe('lead row cache', () => {
  it('keeps rows up to its size, most recently used first, and forgets the ones asked', () => {
    const cache = new LeadRowCache(3);
    cache.remember([row(1), row(2), row(3)], cache.ticket);
    cache.lookUp([1]);
    cache.remember([row(4)], cache.ticket);
    expect(cache.lookUp([1, 2, 3, 4]).missing).toEqual([2]);
    cache.forget([3]);
    const { found, missing } = cache.lookUp([4, 3, 1]);
    expect([...found.keys()]).toEqual([4, 1]);
    expect(missing).toEqual([3]);
    // Its memory is counted (what /api/health reports with the bitmaps): a row is a few hundred bytes, and so is the
    // masked JSON kept with it once shown.
    expect(cache.bytes / cache.size).toBeGreaterThan(200);
    expect(cache.bytes / cache.size).toBeLessThan(1000);
    const rowsOnly = cache.bytes;
    for (const shown of found.values()) shown.masked = { maxDealers: 5, json: 'x'.repeat(400) };
    expect(cache.bytes - rowsOnly).toBeGreaterThan(2 * 400);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('drops rows read before a lead was forgotten: the forgotten change may be newer than the read', () => {
    const cache = new LeadRowCache(10);
    const ticket = cache.ticket;
    // A read is under way; meanwhile the engine applies a change to lead 7 (any lead) and forgets it.
    cache.forget([7]);
    cache.remember([row(7, 100_000), row(8)], ticket);
    expect(cache.size).toBe(0);
    cache.remember([row(7, 200_000)], cache.ticket);
    expect(cache.lookUp([7]).found.get(7)?.row.price).toBe(200_000);
  });

  it('keeps nothing when its size is 0', () => {
    const cache = new LeadRowCache(0);
    cache.remember([row(1)], cache.ticket);
    expect(cache.lookUp([1]).missing).toEqual([1]);
  });
});
