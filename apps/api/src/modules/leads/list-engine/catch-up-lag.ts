// How far behind the lead list engine is while it applies a bulk catch-up (an import), in time rather than in
// changes: an engine that applies an import as fast as it is written is a moment behind however long the import runs.
// docs/lead-list-engine.md, "How a write travels".

interface Sighting {
  /** The newest lead_changes revision that existed… */
  revision: number;
  /** …at this time (performance.now()). */
  at: number;
}

export class CatchUpLag {
  /** The log's newest revision as seen while catching up, oldest first. */
  private sightings: Sighting[] = [];
  /** When this catch-up began (the engine was behind from then on, by how much it did not know). */
  private since: number | undefined;

  /** A bulk catch-up begins at `at`. */
  begin(at: number): void {
    this.since ??= at;
  }

  /** The catch-up is over: the engine is current (or loading again). */
  end(): void {
    this.since = undefined;
    this.sightings = [];
  }

  get underWay(): boolean {
    return this.since !== undefined;
  }

  /**
   * At `at` the log's newest revision was `revision`. Seen again later, the same revision moves its sighting to then:
   * nothing was logged after it meanwhile, so once it is applied the engine was current at that later moment. (Keeping
   * the first sighting made an engine that applied one import's transaction, then went straight on to the next one
   * committed seconds later, look behind since the first began: past BULK_ANSWER_MS, lists went to SQL for seconds.)
   */
  saw(revision: number, at: number): void {
    const last = this.sightings[this.sightings.length - 1];
    if (last !== undefined && revision === last.revision) last.at = Math.max(last.at, at);
    else if (last === undefined || revision > last.revision) this.sightings.push({ revision, at });
  }

  /**
   * Milliseconds since the engine was last current, now that it has applied every change up to `applied`: every
   * change that existed at a sighting of a revision ≤ `applied` is applied, so it is behind by at most the time since
   * the latest such sighting (since the catch-up began, before any).
   */
  behindBy(applied: number, now: number): number {
    if (this.since === undefined) return 0;
    let reached: number | undefined;
    while (this.sightings.length > 0 && this.sightings[0]!.revision <= applied) {
      reached = this.sightings.shift()!.at;
    }
    // The sighting reached stays the reference until a later one is reached.
    if (reached !== undefined) this.since = Math.max(this.since, reached);
    return now - this.since;
  }
}
