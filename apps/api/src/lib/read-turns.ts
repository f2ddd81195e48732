// Reads that take turns with the writes' round trips. Node answers every request that is ready before it looks at the
// database's answers again, so beside 32 busy readers each round trip of a PostgreSQL write waited a whole turn of
// such work, and a write of ten statements took ten turns. While writes are under way, at most `perTurn` reads start
// per turn of the event loop; the others wait for the next turn, after the answers that arrived meanwhile.
export class ReadTurns {
  private readonly waiting: (() => void)[] = [];
  private startedThisTurn = 0;
  private turnScheduled = false;

  constructor(
    private readonly writesUnderWay: () => boolean,
    private readonly perTurn: number,
  ) {}

  /** Resolves when the read may start: at once while no write is under way and nobody waits. */
  take(): Promise<void> | undefined {
    if (this.waiting.length === 0 && !this.writesUnderWay()) return undefined;
    this.scheduleTurn();
    if (this.waiting.length === 0 && this.startedThisTurn < this.perTurn) {
      this.startedThisTurn++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Reads waiting for a turn (for /metrics and tests). */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * The next turn starts the next `perTurn` waiting reads; setImmediate runs after the turn's I/O callbacks. A turn is
   * scheduled only while reads wait or one started (its count must start again), so an idle loop is never kept awake.
   */
  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.startedThisTurn = 0;
      while (this.startedThisTurn < this.perTurn && this.waiting.length > 0) {
        this.startedThisTurn++;
        this.waiting.shift()!();
      }
      if (this.waiting.length > 0) this.scheduleTurn();
    });
  }
}
