// The printed table and the budget checks, derived from one run's measurements.
import type { LoadResult } from './load';
import type { Probe } from './probe';
import type { StormResult } from './storm';
import type { MemoryParts } from './memory';
import type { UnlockLedger } from './unlock';
import type { PacedWrites, WritesResult } from './writes';
import type { LighthouseSummary } from './web';
import { FIRST_DOWNLOAD_BUDGET, kib, type WebJavaScript } from './web-size';

export interface ScenarioReport extends LoadResult {
  key: string;
  label: string;
  /** Distinct queries the scenario rotates through (1: the same query every time). */
  queries: number;
  examples: string[];
  /** req/s divided by the ceiling's req/s. */
  ratio: number | null;
  probe?: Probe;
  /** Search rows: the same pool one request at a time (the latency one dealer sees). */
  alone?: LoadResult;
}

export type Verdict = 'PASS' | 'FAIL' | 'N/A';

export interface Check {
  budget: string;
  measured: string;
  verdict: Verdict;
}

export interface Measurements {
  ceiling: ScenarioReport;
  scenarios: ScenarioReport[];
  /** The unlock scenarios: one dealer, then many dealers at once. */
  unlocks?: { report: ScenarioReport; ledger: UnlockLedger }[];
  js?: WebJavaScript;
  lighthouse?: LighthouseSummary;
  lighthouseSkipped?: string;
  /** Connections of the load runs. */
  connections: number;
  /** The lead list engine's memory (its own account) and the API process's resident memory, in MB. */
  memory?: {
    engineMegabytes: number;
    rssAtStart: number | null;
    rssAfterLoad: number | null;
    /** After the writes scenario, when it ran. */
    rssAfterWrites?: number | null;
    leads: number;
    parts?: MemoryParts;
  };
  /** Seconds from the API's start until it answered, and until its engine was ready. */
  startup?: {
    answeringAfter: number;
    readyAfter: number;
    loadSeconds: number | null;
    /** 'snapshot': restored from DATA_DIR/lead-list (a restart); 'database': every lead read (a first start). */
    loadedFrom: 'database' | 'snapshot' | null;
    /** The API's private RSS (RssAnon) once the engine was ready. */
    rssReady: number | null;
  };
  /** A second start after the API stopped gracefully (it wrote its snapshot): the same figures. */
  restart?: Measurements['startup'];
  /** Submissions and unlocks at a steady rate beside readers of random filter mixes. */
  writes?: WritesResult & { readsReport: ScenarioReport };
  storm?: StormResult;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const pct = (n: number) => `${Math.round(n * 100)}%`;
const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'FAIL');
/** A scenario with no completed request has no latency or rate to judge: it fails every check. */
const silent = (s: LoadResult) => s.requests === 0;
const silentText = (s: LoadResult) =>
  `no response within ${s.seconds} s (${s.unanswered} requests cut off at the end)`;

/** Observations that are not budgets: e.g. repeats answered much faster than distinct queries (a cache). */
export function notesOf(m: Measurements): string[] {
  const notes: string[] = [];
  const same = m.scenarios.find((s) => s.key === 'page-deep-same');
  const distinct = m.scenarios.find((s) => s.key === 'page-deep');
  if (same && distinct && same.rps > 2 * distinct.rps) {
    notes.push(
      `The same deep page repeated runs ${(same.rps / distinct.rps).toFixed(1)}× faster than deep pages not asked before: ` +
        'the API caches pages (or results). Rows marked "same query" measure that cache; the rotating rows measure the database.',
    );
  }
  for (const s of m.scenarios) {
    if (s.requests < 300) {
      notes.push(
        `${s.label}: only ${s.requests} responses in ${s.seconds} s (${s.unanswered} cut off at the end): latency too high to measure well.`,
      );
    }
    if (s.queries > 1 && s.queries < 3000) {
      notes.push(
        `${s.label}: only ${s.queries} distinct queries at this size; a page cache may serve part of them.`,
      );
    }
    if (s.probe && s.probe.empty > 0 && s.probe.samples > 0) {
      notes.push(
        `${s.label}: ${s.probe.empty} of ${s.probe.samples} sampled queries return no rows.`,
      );
    }
  }
  return notes;
}

export function budgetChecks(m: Measurements): Check[] {
  const checks: Check[] = [];
  const byKey = new Map(m.scenarios.map((s) => [s.key, s]));
  const ceiling = m.ceiling.rps;

  for (const s of m.scenarios.filter((x) => x.key === 'mix')) {
    const ratio = s.rps / ceiling;
    checks.push({
      budget: `${s.label}: ≥ 25% of ceiling, p99 ≤ 50 ms`,
      measured: silent(s) ? silentText(s) : `${pct(ratio)} of ceiling, p99 ${ms(s.p99)}`,
      verdict: verdict(!silent(s) && ratio >= 0.25 && s.p99 <= 50 && s.non2xx === 0),
    });
  }
  for (const s of m.scenarios.filter((x) => x.key.startsWith('search-'))) {
    const ratio = s.rps / ceiling;
    checks.push({
      budget: `${s.label}: ≥ 10% of ceiling, p99 ≤ 100 ms`,
      measured: silent(s) ? silentText(s) : `${pct(ratio)} of ceiling, p99 ${ms(s.p99)}`,
      verdict: verdict(!silent(s) && ratio >= 0.1 && s.p99 <= 100 && s.non2xx === 0),
    });
  }
  if (m.memory) {
    const parts = m.memory.parts;
    checks.push({
      budget: 'private memory (RssAnon) ≤ 250 MB per process after load',
      measured:
        `API private RSS ${m.memory.rssAtStart ?? '?'} → ${m.memory.rssAfterLoad ?? '?'} MB at ${m.memory.leads.toLocaleString('en-US')} leads` +
        (m.memory.rssAfterWrites != null
          ? `, ${m.memory.rssAfterWrites} MB after the writes`
          : '') +
        `; engine's own account ${m.memory.engineMegabytes} MB` +
        (parts ? `; V8 heap ${parts.heapTotal} MB, external ${parts.external} MB` : ''),
      verdict: verdict(m.memory.rssAfterLoad !== null && m.memory.rssAfterLoad <= 250),
    });
  }
  for (const start of [m.startup, m.restart]) {
    if (!start) continue;
    const fromSnapshot = start.loadedFrom === 'snapshot';
    const limit = fromSnapshot ? 2 : 5;
    checks.push({
      budget: `engine ready ≤ ${limit} s after a ${fromSnapshot ? 'start from a snapshot' : 'first start (no snapshot)'}`,
      measured: `answering (SQL) after ${start.answeringAfter} s, engine ready after ${start.readyAfter} s (load ${start.loadSeconds?.toFixed(1) ?? '?'} s from ${fromSnapshot ? 'the snapshot' : 'every lead'}); private RSS ${start.rssReady ?? '?'} MB then`,
      verdict: verdict(start.readyAfter <= limit),
    });
  }
  if (m.writes) {
    const w = m.writes;
    const r = w.readsReport;
    const paced = (p: PacedWrites) =>
      `${p.perSecond}/s (p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, ${p.failed} failed)`;
    checks.push({
      budget: `≥ 20 submissions/s and ≥ 20 unlocks/s beside random mixes: reads ≥ 20% of ceiling, p99 ≤ 50 ms`,
      measured: `reads ${silent(r) ? silentText(r) : `${pct(r.rps / ceiling)} of ceiling, p99 ${ms(r.p99)}`}; submissions ${paced(w.submissions)}; unlocks ${paced(w.unlocks)}`,
      verdict: verdict(
        !silent(r) &&
          r.rps / ceiling >= 0.2 &&
          r.p99 <= 50 &&
          r.non2xx === 0 &&
          w.submissions.perSecond >= 20 &&
          w.unlocks.perSecond >= 20 &&
          w.submissions.failed + w.unlocks.failed === 0,
      ),
    });
  }
  if (m.storm) {
    const st = m.storm;
    const loop = (n: number | null) => (n === null ? '?' : ms(n));
    // A stall is the API holding every request of the process: its event loop held. The longest single list also
    // counts the readers' own process and the machine (the same readers with no import: the baseline); see
    // bench/README.md, "The write storm".
    checks.push({
      budget: `${st.leads.toLocaleString('en-US')}-lead import: no request stalled > 50 ms (API event loop held ≤ 50 ms, lists p99 ≤ 50 ms)`,
      measured: `event loop held ≤ ${loop(st.loopMax)}; lists p99 ${ms(st.p99)}, max ${ms(st.max)} over ${st.requests} in ${st.seconds} s (${st.failed} failed); without an import: loop ≤ ${loop(st.baseline.loopMax)}, p99 ${ms(st.baseline.p99)}, max ${ms(st.baseline.max)}; engine ready ${st.readyAfter} s after`,
      verdict: verdict(st.loopMax !== null && st.loopMax <= 50 && st.p99 <= 50 && st.failed === 0),
    });
  }

  const page1 = byKey.get('list');
  for (const deep of [byKey.get('page-deep-same'), byKey.get('page-deep')]) {
    if (!page1 || !deep) continue;
    const budget = `${deep.label.replace('list · ', '')} ≤ 2× page 1 (same query)`;
    if (silent(page1) || silent(deep)) {
      checks.push({ budget, measured: silentText(silent(deep) ? deep : page1), verdict: 'FAIL' });
      continue;
    }
    const cost = page1.rps / deep.rps;
    checks.push({
      budget,
      measured: `${cost.toFixed(2)}× (p50 ${ms(deep.p50)} vs ${ms(page1.p50)})`,
      verdict: verdict(cost <= 2 && deep.non2xx === 0),
    });
  }

  for (const s of m.scenarios.filter((x) => x.key.startsWith('search-'))) {
    const alone = s.alone;
    checks.push({
      budget: `${s.label}: p95 ≤ 15 ms (one search at a time)`,
      measured:
        alone === undefined || silent(alone)
          ? 'not measured'
          : `p95 ${ms(alone.p95)} alone; ${silent(s) ? silentText(s) : `p95 ${ms(s.p95)} at ${m.connections} connections`}`,
      verdict: verdict(
        alone !== undefined && !silent(alone) && alone.p95 <= 15 && alone.non2xx === 0,
      ),
    });
  }
  for (const u of m.unlocks ?? []) {
    const many = u.report.key === 'unlock-many';
    checks.push({
      budget: many
        ? `${u.report.label}: ≥ 1,000/s (2xx)`
        : `${u.report.label}: figure only (one package row)`,
      measured: `${Math.round(u.report.okRps).toLocaleString('en-US')}/s`,
      verdict: many ? verdict(u.report.okRps >= 1000) : 'N/A',
    });
    checks.push({
      budget: `${u.report.label}: balance drop = 200 responses, no negative balance`,
      measured: u.ledger.message,
      verdict: u.ledger.verdict,
    });
  }
  if (m.js) {
    checks.push({
      budget: 'lead-list route JavaScript ≤ 120 KiB gzip',
      measured: `${kib(m.js.route.gzip)} KiB (${m.js.route.files.length} chunks; ${m.js.route.source})`,
      verdict: verdict(m.js.route.gzip <= FIRST_DOWNLOAD_BUDGET),
    });
  }
  const lh = m.lighthouse;
  const skipped = m.lighthouseSkipped ?? 'not run';
  checks.push(
    lh
      ? {
          budget: 'Lighthouse mobile LCP ≤ 1.5 s',
          measured: `${(lh.lcp / 1000).toFixed(2)} s`,
          verdict: verdict(lh.lcp <= 1500),
        }
      : { budget: 'Lighthouse mobile LCP ≤ 1.5 s', measured: skipped, verdict: 'N/A' },
    lh
      ? {
          budget: 'Lighthouse mobile TBT ≤ 150 ms',
          measured: `${lh.tbt} ms`,
          verdict: verdict(lh.tbt <= 150),
        }
      : { budget: 'Lighthouse mobile TBT ≤ 150 ms', measured: skipped, verdict: 'N/A' },
    lh
      ? {
          budget: 'Lighthouse mobile CLS ≤ 0.05',
          measured: lh.cls.toFixed(3),
          verdict: verdict(lh.cls <= 0.05),
        }
      : { budget: 'Lighthouse mobile CLS ≤ 0.05', measured: skipped, verdict: 'N/A' },
  );
  return checks;
}

function table(headers: string[], rows: string[][], alignRight: boolean[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (alignRight[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const num = (n: number) => Math.round(n).toLocaleString('en-US');

export function renderReport(
  title: string,
  m: Measurements,
  checks: Check[],
  notes: string[],
): string {
  const all = [
    m.ceiling,
    ...m.scenarios,
    ...(m.writes ? [m.writes.readsReport] : []),
    ...(m.unlocks ?? []).map((u) => u.report),
  ];
  const rows = all.map((s) => [
    s.label,
    s.queries === 1 ? '1' : num(s.queries),
    num(s.rps),
    s.p50.toFixed(1),
    s.p97_5.toFixed(1),
    s.p99.toFixed(1),
    num(s.non2xx),
    num(s.errors),
    s.ratio === null ? '' : `${s.ratio.toFixed(2)}×`,
    s.probe?.rows === null || s.probe === undefined ? '' : String(s.probe.rows),
    s.probe?.total === null || s.probe === undefined
      ? ''
      : `${num(s.probe.total)}${s.probe.capped ? '+' : ''}`,
  ]);
  const out = [
    title,
    '',
    table(
      [
        'scenario',
        'queries',
        'req/s',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        '× ceiling',
        'rows',
        'total',
      ],
      rows,
      [false, true, true, true, true, true, true, true, true, true, true],
    ),
  ];
  if (m.js || m.lighthouse) {
    const web: string[][] = [];
    if (m.js) {
      web.push([
        'entry JavaScript (gzip)',
        `${kib(m.js.entry.gzip)} KiB`,
        m.js.entry.files.join(', '),
      ]);
      web.push([
        'lead-list route JavaScript (gzip)',
        `${kib(m.js.route.gzip)} KiB`,
        m.js.route.files.join(', '),
      ]);
      if (m.js.later)
        web.push([
          'then, after the first paint (lazy, gzip)',
          `${kib(m.js.later.gzip)} KiB`,
          m.js.later.files.join(', '),
        ]);
      web.push([
        'all chunks (gzip)',
        `${kib(m.js.chunks.reduce((s, c) => s + c.gzip, 0))} KiB`,
        `${m.js.chunks.length} files; largest ${m.js.chunks
          .slice(0, 4)
          .map((c) => `${c.file} ${kib(c.gzip)}`)
          .join(', ')}`,
      ]);
    }
    if (m.lighthouse) {
      const lh = m.lighthouse;
      web.push([
        'Lighthouse mobile /dealers/leads',
        `LCP ${(lh.lcp / 1000).toFixed(2)} s · TBT ${lh.tbt} ms · CLS ${lh.cls.toFixed(3)}`,
        `FCP ${(lh.fcp / 1000).toFixed(2)} s, score ${lh.score === null ? '?' : Math.round(lh.score * 100)}, median of ${lh.runs.length}`,
      ]);
    } else {
      web.push(['Lighthouse mobile /dealers/leads', m.lighthouseSkipped ?? 'not run', '']);
    }
    out.push('', table(['web', 'value', 'detail'], web, [false, false, false]));
  }
  out.push(
    '',
    table(
      ['budget', 'measured', 'verdict'],
      checks.map((c) => [c.budget, c.measured, c.verdict]),
      [false, false, false],
    ),
  );
  if (notes.length > 0) out.push('', 'Notes:', ...notes.map((n) => `- ${n}`));
  return out.join('\n');
}
