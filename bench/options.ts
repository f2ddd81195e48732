// Command-line options of `npm run bench`, with the --quick smoke-check defaults.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Leads the benchmark database holds (SQLite: one file per size, reused). */
  leads: number;
  /** Seconds each scenario is measured. */
  duration: number;
  /** Seconds of unmeasured load before each scenario. */
  warmup: number;
  connections: number;
  skipWeb: boolean;
  quick: boolean;
  /** Rebuild the API and web bundles even when they exist. */
  build: boolean;
  /** Lighthouse runs on the lead list; the median of each metric is reported. */
  lighthouseRuns: number;
  /** The API listens here and the ceiling server on the next port (0: free ports). */
  port: number;
  /** Leads the write storm imports while lists are read (0: no storm). */
  storm: number;
  /** Only these parts run (scenario keys, `storm`, `unlock`, `web`); undefined: all of them. */
  only?: ReadonlySet<string>;
  /** Write a V8 CPU profile of the API process (bench/results/profiles) when it stops. */
  cpuProf: boolean;
  /** API processes on the API's port (API_PROCESSES), and as many ceiling processes on the ceiling's. */
  processes: number;
  /** Delete the engine's snapshot before the first start, so it reads every lead (a first start). */
  coldStart: boolean;
}

/** What `--only` accepts: the scenario keys of bench/scenarios.ts and the parts run after them. */
export const BENCH_PARTS = [
  'list',
  'mix',
  'search-mix',
  'search-2',
  'page-deep-same',
  'page-deep',
  'detail',
  'writes',
  'storm',
  'unlock',
  'web',
  'restart',
] as const;

/** Whether a run with these options includes `part`. */
export function runsPart(options: BenchOptions, part: (typeof BENCH_PARTS)[number]): boolean {
  return options.only === undefined || options.only.has(part);
}

const HELP = `npm run bench -- [options]
  --leads N            leads in the benchmark database (default 1000000; 20000 with --quick)
  --duration S         seconds measured per scenario (default 10; 3 with --quick)
  --warmup S           unmeasured seconds before each scenario (default 2; 1 with --quick)
  --connections C      concurrent connections (default 32)
  --skip-web           no Lighthouse run (the JavaScript sizes are still reported)
  --quick              small database, short runs: a smoke check of the harness
  --build              run \`npm run build\` even when the bundles exist
  --lighthouse-runs R  Lighthouse runs, median reported (default 3; 1 with --quick)
  --port P             API on port P, the ceiling server on P+1 (default: free ports)
  --storm N            leads imported during the write storm (default 100000; 2000 with --quick; 0: none)
  --only A,B           run only these parts: ${BENCH_PARTS.join(', ')} (the ceiling always runs)
  --processes N        N API processes (API_PROCESSES) and N ceiling processes (default 1)
  --cold-start         delete the engine's snapshot first: the first start reads every lead
  --cpu-prof           write a CPU profile of the API process to bench/results/profiles (open it in Chrome DevTools)
Environment: DATABASE_URL=postgres://… benchmarks PostgreSQL instead of SQLite.`;

function whole(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new Error(`--${name} takes a whole number ≥ ${min}, got "${text}"`);
  }
  return n;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      leads: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'skip-web': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string' },
      port: { type: 'string' },
      storm: { type: 'string' },
      only: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      'cold-start': { type: 'boolean', default: false },
      processes: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const quick = values.quick;
  return {
    leads: whole('leads', values.leads, quick ? 20_000 : 1_000_000, 100),
    duration: whole('duration', values.duration, quick ? 3 : 10, 1),
    warmup: whole('warmup', values.warmup, quick ? 1 : 2, 0),
    connections: whole('connections', values.connections, 32, 1),
    skipWeb: values['skip-web'],
    quick,
    build: values.build,
    lighthouseRuns: whole('lighthouse-runs', values['lighthouse-runs'], quick ? 1 : 3, 1),
    port: whole('port', values.port, 0, 0),
    storm: whole('storm', values.storm, quick ? 2_000 : 100_000, 0),
    only: values.only === undefined ? undefined : parseParts(values.only),
    cpuProf: values['cpu-prof'],
    processes: whole('processes', values.processes, 1, 1),
    coldStart: values['cold-start'],
  };
}

function parseParts(text: string): ReadonlySet<string> {
  const parts = text.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(BENCH_PARTS as readonly string[]).includes(p));
  if (unknown.length > 0 || parts.length === 0)
    throw new Error(`--only takes some of ${BENCH_PARTS.join(', ')}, got "${text}"`);
  return new Set(parts);
}
