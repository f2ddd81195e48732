// The batch tools (the seed CLI's imports, online backups) share the machine with the API processes: imported first by
// each, this puts the process at the lowest CPU priority before anything else loads, so that requests keep their
// latency while a tool works (docs/operations.md, "Batch tools run in the background").
import { getPriority, setPriority } from 'node:os';

/** The nice value of a batch tool: the lowest priority (a process may always lower its own). */
export const BACKGROUND_PRIORITY = 19;

try {
  setPriority(BACKGROUND_PRIORITY);
} catch {
  // A platform without process priorities: the tool runs as it is.
}

/** `CPU priority 19`: how the tool's summary line says where it ran. */
export const backgroundPriorityText = () => `CPU priority ${getPriority()}`;
