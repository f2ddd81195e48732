// The long crash run: `node --import tsx scripts/crash-run.ts --cycles 100 [--seed N] [--keep]`.
// Each cycle starts the real server on one SQLite file, SIGKILLs it in the middle of an unlock burst, restarts it
// and checks every acknowledged unlock, the ledger invariants and PRAGMA integrity_check. Exits 1 on the first problem.
import { parseArgs } from 'node:util';
import { crashCycle, createCrashWorld, finalCheck } from '../apps/api/src/reliability/crash';
import { seededRandom } from '../apps/api/src/reliability/random';
import { bundleServer } from '../apps/api/src/reliability/server-process';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '100' },
    seed: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const cycles = Number(values.cycles);
if (!Number.isInteger(cycles) || cycles < 1) {
  console.error('--cycles must be a whole number of 1 or more');
  process.exit(2);
}
const random = seededRandom(values.seed === undefined ? undefined : Number(values.seed));

const bundle = await bundleServer();
const world = await createCrashWorld();
console.log(`crash run: ${cycles} cycles on ${world.file} (seed ${random.seed})`);
const started = Date.now();
let acknowledged = 0;
let cutOff = 0;
let problems: string[] = [];
try {
  for (let cycle = 1; cycle <= cycles && problems.length === 0; cycle++) {
    const report = await crashCycle(world, bundle.entry, random);
    acknowledged += report.acknowledged;
    cutOff += report.cutOff;
    problems = report.problems.map((p) => `cycle ${cycle}: ${p}`);
    console.log(
      `cycle ${String(cycle).padStart(4)}: ${report.acknowledged} unlocks acknowledged, ` +
        `${report.cutOff} cut off by the kill${problems.length ? ', PROBLEMS' : ', ok'}`,
    );
  }
  if (problems.length === 0)
    problems = (await finalCheck(world, bundle.entry)).map((p) => `final: ${p}`);
} finally {
  bundle.remove();
  if (!values.keep) world.remove();
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`FAILED after ${seconds} s (seed ${random.seed}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `ok: ${cycles} SIGKILL cycles in ${seconds} s, ${acknowledged} acknowledged unlocks all kept, ` +
    `${cutOff} requests cut off, integrity_check ok, ledger sound`,
);
