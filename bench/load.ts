// One autocannon measurement: req/s, latency percentiles (p95 exact from every response), status codes.
import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadResult {
  /** Completed requests per second over the whole run. */
  rps: number;
  /** 2xx responses per second. */
  okRps: number;
  p50: number;
  /** Exact, from every response time (autocannon's histogram has no p95). */
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Requests in flight when the run ended (at most one per connection; the server may still be working). */
  unanswered: number;
  statusCodes: Record<string, number>;
  seconds: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Runs autocannon once with `options` (url, connections, duration or amount, requests…). */
export async function measure(options: Options): Promise<LoadResult> {
  let times = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 30, ...options }, (error, r) =>
      error ? reject(error) : resolve(r),
    );
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        if (count === times.length) {
          const bigger = new Float64Array(times.length * 2);
          bigger.set(times);
          times = bigger;
        }
        times[count++] = responseTime;
      },
    );
  });
  const sorted = times.subarray(0, count).sort();
  const seconds = result.duration > 0 ? result.duration : 1;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  return {
    rps: round2(result.requests.total / seconds),
    okRps: round2(result['2xx'] / seconds),
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p97_5: round2(percentile(sorted, 97.5)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.length ? sorted[sorted.length - 1]! : 0),
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    unanswered: Math.max(0, result.requests.sent - result.requests.total - result.errors),
    statusCodes,
    seconds,
  };
}
