// The unlock scenarios: dealers with large packages unlock distinct leads (one dealer: every request queues on one
// package; many dealers: what a marketplace sends); the balances must drop by exactly the 200s.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient, Session } from './api-client';
import type { RequestParams } from 'autocannon';
import { measure, type LoadResult } from './load';
import { shuffled } from './shuffle';

export interface UnlockLedger {
  verdict: 'PASS' | 'FAIL';
  message: string;
  packageSetup: string;
  balanceBefore: number;
  balanceAfter: number;
  /** Credits taken during the measured run. */
  drop: number;
  ok200: number;
  charged: number;
  notCharged: number;
  /** Unlock records the dealer gained during the measured run. */
  newUnlocks: number;
  /** 200 answers whose lead is not among the new unlock records. */
  ackedButNotRecorded: number;
  negativeBalances: number;
  poolExhausted: boolean;
}

export interface UnlockOutcome {
  load: LoadResult;
  ledger: UnlockLedger;
}

/** The dealers' total balance. */
async function totalBalance(api: ApiClient, dealers: Session[]): Promise<number> {
  let total = 0;
  for (const dealer of dealers) total += (await api.balanceOf(dealer, dealer.id)).total;
  return total;
}

/** Waits until the balance stops moving (requests still running on the server after the client stopped). */
async function settledBalance(api: ApiClient, dealers: Session[]): Promise<number> {
  let last = await totalBalance(api, dealers);
  for (let i = 0; i < 20; i++) {
    await sleep(300);
    const now = await totalBalance(api, dealers);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** The leads any of the dealers unlocked. */
export async function unlockedByAny(api: ApiClient, dealers: Session[]): Promise<Set<number>> {
  const all = new Set<number>();
  for (const dealer of dealers) for (const id of await api.unlockedLeadIds(dealer)) all.add(id);
  return all;
}

export async function runUnlock(options: {
  api: ApiClient;
  admin: Session;
  /** Requests take the dealers in turn. */
  dealers: Session[];
  activeIds: number[];
  connections: number;
  duration: number;
  warmup: number;
}): Promise<UnlockOutcome> {
  const { api, admin, dealers, connections, duration } = options;
  const alreadyUnlocked = await unlockedByAny(api, dealers);
  const pool = shuffled(options.activeIds.filter((id) => !alreadyUnlocked.has(id)));
  // Enough credits for a fast API: 5,000 unlocks a second over warm-up and run, whichever dealer makes them.
  const setups: string[] = [];
  for (const dealer of dealers)
    setups.push(
      await api.ensureLargePackage(
        admin,
        dealer,
        Math.min(1_000_000, 5000 * (duration + options.warmup + 2)),
      ),
    );
  const packageSetup =
    dealers.length === 1 ? setups[0]! : `${dealers.length} dealers' packages ready`;
  console.log(
    `  unlock: ${packageSetup}; ${pool.length.toLocaleString('en-US')} leads not yet unlocked by ${dealers.length === 1 ? dealers[0]!.userName : `${dealers.length} dealers`}`,
  );

  let next = 0;
  let poolExhausted = false;
  const takeId = () => {
    if (next >= pool.length) poolExhausted = true;
    return pool[next++ % Math.max(1, pool.length)] ?? 1;
  };
  let turn = 0;
  const unlockRequest = (r: RequestParams): RequestParams => ({
    ...r,
    path: `/api/leads/${takeId()}/unlock`,
    headers: { ...r.headers, authorization: `Bearer ${dealers[turn++ % dealers.length]!.token}` },
  });
  const base = {
    url: api.baseUrl,
    connections,
  };

  // Warm-up, also measuring the rate so the run can be sized to about `duration` seconds.
  const warm = await measure({
    ...base,
    duration: Math.max(1, options.warmup),
    requests: [{ method: 'POST', setupRequest: unlockRequest }],
  });
  // A batch of group-committed writes may take longer than settledBalance's pause under load: one more unlock, and
  // its answer, comes after every write the API queued before it (its batches commit in order).
  await fetch(`${api.baseUrl}/api/leads/${takeId()}/unlock`, {
    method: 'POST',
    headers: { authorization: `Bearer ${dealers[0]!.token}` },
  }).then((answer) => answer.arrayBuffer());
  const balanceBefore = await settledBalance(api, dealers);
  const unlockedBefore = await unlockedByAny(api, dealers);

  // A fixed number of requests rather than a fixed time: every request is answered before the run ends, so
  // no unlock is still in flight (charged, but never seen by the client) when the balance is read again.
  const remaining = Math.max(0, pool.length - next);
  const amount = Math.max(
    connections,
    Math.min(remaining, Math.round(warm.okRps * duration) || connections * 10),
  );
  let charged = 0;
  let notCharged = 0;
  const acked = new Set<number>();
  const load = await measure({
    ...base,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: unlockRequest,
        onResponse: (status, body) => {
          if (status !== 200) return;
          try {
            const parsed = JSON.parse(body) as { charged?: boolean; lead?: { id?: number } };
            if (parsed.charged === true) charged++;
            else notCharged++;
            if (parsed.lead?.id !== undefined) acked.add(parsed.lead.id);
          } catch {
            notCharged++;
          }
        },
      },
    ],
  });
  const balanceAfter = await settledBalance(api, dealers);
  const unlockedAfter = await unlockedByAny(api, dealers);
  const fresh = new Set([...unlockedAfter].filter((id) => !unlockedBefore.has(id)));
  const ackedButNotRecorded = [...acked].filter((id) => !fresh.has(id)).length;
  const drop = balanceBefore - balanceAfter;
  let negativeBalances = 0;
  for (const dealer of dealers)
    negativeBalances += (await api.balanceOf(dealer, dealer.id)).packages.filter(
      (p) => p.packageBalanceCredits < 0,
    ).length;

  const problems: string[] = [];
  if (drop !== load.ok)
    problems.push(`balance went down by ${drop} but ${load.ok} unlocks answered 200`);
  if (charged !== load.ok)
    problems.push(`${load.ok - charged} of the 200s were not charged (charged: false)`);
  if (fresh.size !== load.ok) problems.push(`${fresh.size} new unlock records for ${load.ok} 200s`);
  if (ackedButNotRecorded > 0)
    problems.push(`${ackedButNotRecorded} answered leads have no unlock record`);
  if (negativeBalances > 0) problems.push(`${negativeBalances} packages have a negative balance`);
  if (load.timeouts > 0)
    problems.push(`${load.timeouts} requests timed out (they may still have charged)`);
  if (poolExhausted)
    problems.push('ran out of leads not yet unlocked (use a bigger --leads or a fresh database)');

  return {
    load,
    ledger: {
      verdict: problems.length === 0 ? 'PASS' : 'FAIL',
      message:
        problems.length === 0
          ? `balance ${balanceBefore} → ${balanceAfter}: down by exactly the ${load.ok} unlocks answered 200`
          : problems.join('; '),
      packageSetup,
      balanceBefore,
      balanceAfter,
      drop,
      ok200: load.ok,
      charged,
      notCharged,
      newUnlocks: fresh.size,
      ackedButNotRecorded,
      negativeBalances,
      poolExhausted,
    },
  };
}
