// The marketplace's writes beside its readers: owners submit leads and dealers unlock them at a steady rate each
// (design.md §8: ≥ 20 a second of each) while dealers read lists of random filter mixes at full speed; prints what
// each side achieved and its p50/p99.
import type { RequestParams } from 'autocannon';
import type { ApiClient, Session } from './api-client';
import { measure, type LoadResult } from './load';
import { shuffled } from './shuffle';

/** Writes of one kind made during the run: how many per second, how long they took (ms). */
export interface PacedWrites {
  /** The rate asked for, a second. */
  target: number;
  perSecond: number;
  ok: number;
  failed: number;
  /** The first failure's status and body, if any. */
  firstFailure?: string;
  p50: number;
  p99: number;
  max: number;
}

export interface WritesResult {
  reads: LoadResult;
  submissions: PacedWrites;
  unlocks: PacedWrites;
}

/** Writes of each kind asked for a second: above the budget's 20, so a slow moment still leaves ≥ 20 over the run. */
export const WRITES_PER_SECOND = 25;
/** Writes of one kind in flight at most: a slow server makes the rate fall rather than the queue grow. */
const WRITERS_IN_FLIGHT = 4;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Sends `send()` `perSecond` times a second (open loop: on schedule, whatever the answers) for `seconds`, at most
 * WRITERS_IN_FLIGHT at once; a send is skipped while that many are in flight.
 */
async function paced(
  perSecond: number,
  seconds: number,
  send: () => Promise<Response>,
): Promise<PacedWrites> {
  const times: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(perSecond * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= WRITERS_IN_FLIGHT) continue;
    inFlight++;
    const at = performance.now();
    pending.push(
      send()
        .then(async (answer) => {
          const body = await answer.text();
          if (answer.ok) times.push(performance.now() - at);
          else {
            failed++;
            firstFailure ??= `${answer.status} ${body.slice(0, 200)}`;
          }
        })
        .catch((error: unknown) => {
          failed++;
          firstFailure ??= String(error);
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    target: perSecond,
    perSecond: round1(times.length / elapsed),
    ok: times.length,
    failed,
    ...(firstFailure ? { firstFailure } : {}),
    p50: round1(percentile(sorted, 50)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted[sorted.length - 1] ?? 0),
  };
}

const CARS = [
  { brand: 'maruti_suzuki', model: 'Swift', fuelType: 'petrol', transmission: 'manual', seats: 5 },
  { brand: 'hyundai', model: 'Creta', fuelType: 'diesel', transmission: 'manual', seats: 5 },
  { brand: 'tata', model: 'Nexon', fuelType: 'petrol', transmission: 'manual', seats: 5 },
  { brand: 'mahindra', model: 'XUV700', fuelType: 'diesel', transmission: 'automatic', seats: 7 },
] as const;
/** A price each car's model and years accept (the submission checks it against the model's band), in rupees. */
const PRICES = [550_000, 1_250_000, 850_000, 1_750_000] as const;
const CITIES = ['Gurugram', 'Noida', 'New Delhi', 'Faridabad'] as const;

/** The i-th submission: a car the catalogue knows, a distinct mobile number, filled at a person's pace. */
function submission(i: number) {
  const car = CARS[i % CARS.length]!;
  return {
    ...car,
    year: 2021 + (i % 4),
    ownerType: 'first',
    kmDriven: 10_000 + ((i * 7919) % 120_000),
    fullName: 'Bench Owner',
    city: CITIES[i % CITIES.length]!,
    phoneNumber: `9${String(100_000_000 + ((Date.now() + i * 104_729) % 899_999_999)).slice(-9)}`,
    price: PRICES[i % CARS.length]! + ((i * 7_919) % 50) * 1_000,
    consent: true,
    fillSeconds: 180,
  };
}

/**
 * Readers on `connections` autocannon connections rotate through `paths` (random filter mixes) for `duration`
 * seconds, while submissions and unlocks (by `unlockers` in turn, of leads none of them unlocked) arrive at
 * WRITES_PER_SECOND each.
 */
export async function runWrites(options: {
  api: ApiClient;
  paths: string[];
  readerToken: string;
  unlockers: Session[];
  unlockable: number[];
  connections: number;
  duration: number;
}): Promise<WritesResult> {
  const { api, duration } = options;
  let cursor = 0;
  const nextPath = (r: RequestParams): RequestParams => ({
    ...r,
    path: options.paths[cursor++ % options.paths.length]!,
  });
  const reads = measure({
    url: api.baseUrl,
    connections: options.connections,
    duration,
    headers: { authorization: `Bearer ${options.readerToken}` },
    requests: [{ method: 'GET', setupRequest: nextPath }],
  });
  let submitted = 0;
  const submissions = paced(WRITES_PER_SECOND, duration, () =>
    fetch(`${api.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(submission(submitted++)),
    }),
  );
  const pool = shuffled(options.unlockable, 11);
  let unlocked = 0;
  const unlocks = paced(WRITES_PER_SECOND, duration, () => {
    const dealer = options.unlockers[unlocked % options.unlockers.length]!;
    const id = pool[unlocked++ % pool.length]!;
    return fetch(`${api.baseUrl}/api/leads/${id}/unlock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dealer.token}` },
    });
  });
  return { reads: await reads, submissions: await submissions, unlocks: await unlocks };
}
