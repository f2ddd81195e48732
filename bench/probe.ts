// Plain requests before the load: what a scenario's queries answer (status, rows, total) on a sample of its pool.
export interface Probe {
  /** Queries requested. */
  samples: number;
  /** Of those, answers other than 200. */
  failed: number;
  /** Average rows per page, or null when the body is not an array. */
  rows: number | null;
  /** Pages with no rows. */
  empty: number;
  /** Median `totalItems` of the Pagination header, or null without one. */
  total: number | null;
  /** True when any sampled total was capped (`totalCapped` in the header). */
  capped: boolean;
  /** Body size of the first sample. */
  bytes: number;
  /** Status of the first sample that failed, to report. */
  firstFailure?: string;
}

interface One {
  status: number;
  rows: number | null;
  total: number | null;
  capped: boolean;
  bytes: number;
  path: string;
}

async function probeOne(baseUrl: string, path: string, token: string): Promise<One> {
  const response = await fetch(baseUrl + path, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  let rows: number | null = null;
  try {
    const body: unknown = JSON.parse(text);
    rows = Array.isArray(body) ? body.length : null;
  } catch {
    rows = null;
  }
  let total: number | null = null;
  let capped = false;
  const header = response.headers.get('pagination');
  if (header) {
    const parsed = JSON.parse(header) as { totalItems?: unknown; totalCapped?: unknown };
    total = typeof parsed.totalItems === 'number' ? parsed.totalItems : null;
    capped = parsed.totalCapped === true;
  }
  return { status: response.status, rows, total, capped, bytes: Buffer.byteLength(text), path };
}

/** Requests up to `samples` paths spread evenly over the pool, one at a time. */
export async function probePool(
  baseUrl: string,
  paths: string[],
  token: string,
  samples = 12,
): Promise<Probe> {
  const step = Math.max(1, Math.floor(paths.length / samples));
  const picked = paths.filter((_, i) => i % step === 0).slice(0, samples);
  const results: One[] = [];
  for (const path of picked) results.push(await probeOne(baseUrl, path, token));
  const ok = results.filter((r) => r.status === 200);
  const rowCounts = ok.map((r) => r.rows).filter((r): r is number => r !== null);
  const totals = ok
    .map((r) => r.total)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);
  const failure = results.find((r) => r.status !== 200);
  return {
    samples: results.length,
    failed: results.length - ok.length,
    rows: rowCounts.length
      ? Math.round(rowCounts.reduce((s, n) => s + n, 0) / rowCounts.length)
      : null,
    empty: rowCounts.filter((n) => n === 0).length,
    total: totals.length ? totals[Math.floor(totals.length / 2)]! : null,
    capped: ok.some((r) => r.capped),
    bytes: results[0]?.bytes ?? 0,
    ...(failure ? { firstFailure: `${failure.path} answered ${failure.status}` } : {}),
  };
}
