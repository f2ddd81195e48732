// The batch tools (the seed CLI's imports, online backups) share the machine with the API processes: imported first by
// each, this puts the process at the lowest CPU priority before anything else loads, so that requests keep their
// latency while a tool works (docs/operations.md, "Batch tools run in the background").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** The nice value of a batch tool: the lowest priority (a process may always lower its own). */
export const BACKGROUND_PRIORITY = 19;

try {
  setPriority(BACKGROUND_PRIORITY);
} catch {
  // A platform without process priorities: the tool runs as it is.
}
// Linux's SCHED_IDLE policy on every thread: the tool runs only on a core no other process wants, and gives it up the
// moment one does (a nice value of 19 still takes its turn beside them). Node has no call for it; util-linux's chrt
// sets it (any process may move itself to SCHED_IDLE). Without chrt the nice value alone applies.
try {
  execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], {
    stdio: 'ignore',
  });
} catch {
  // Not Linux, or no chrt.
}

/** SCHED_IDLE's number in the policy field of /proc/<pid>/stat. */
const SCHED_IDLE = 5;

function runsIdle(): boolean {
  try {
    // The fields after the command name (which is in parentheses and may hold spaces); the policy is field 41.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[41 - 3]) === SCHED_IDLE;
  } catch {
    return false;
  }
}

/** `CPU priority 19, idle policy`: how the tool's summary line says where it ran (read from the system, not assumed). */
export const backgroundPriorityText = () =>
  `CPU priority ${getPriority()}${runsIdle() ? ', idle policy' : ''}`;

/**
 * Paces a batch tool's work: after each piece of work, `rest()` sleeps so that the tool works `duty` of the time (0.5:
 * it sleeps as long as it worked). Idle priority alone still lets a tool fill every core no one else wants, and a
 * virtual machine whose cores are all busy may be paused by its host for a time slice (docs/operations.md).
 */
export class DutyCycle {
  private workBegan: number;

  constructor(
    private readonly duty: number,
    private readonly clock: { now: () => number; sleep: (ms: number) => Promise<unknown> } = {
      now: () => performance.now(),
      sleep: (ms) => sleep(ms),
    },
  ) {
    if (!(duty > 0 && duty <= 1)) throw new RangeError(`duty must be in (0, 1], got ${duty}`);
    this.workBegan = clock.now();
  }

  /** Milliseconds of work measured, and of rest asked for, at the rests so far. */
  workedMs = 0;
  restedMs = 0;

  /** The work since the last rest (or since the start) is done: sleeps its share. */
  async rest(): Promise<void> {
    const worked = this.clock.now() - this.workBegan;
    const pause = (worked * (1 - this.duty)) / this.duty;
    this.workedMs += worked;
    this.restedMs += pause;
    if (pause > 0) await this.clock.sleep(pause);
    this.workBegan = this.clock.now();
  }

  /** `worked 1.2 s, rested 1.2 s`: what the summary line says of the pace. */
  get summary(): string {
    return `worked ${(this.workedMs / 1000).toFixed(2)} s, rested ${(this.restedMs / 1000).toFixed(2)} s`;
  }
}
