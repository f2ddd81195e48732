// A counting semaphore with a bounded queue: at most `limit` tasks run at once, at most `queueLimit` wait.

export class GateFullError extends Error {
  constructor() {
    super('Too many tasks are waiting');
    this.name = 'GateFullError';
  }
}

export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {}

  /** Tasks running and waiting now. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; refuses at once with GateFullError when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.queueLimit) throw new GateFullError();
      // The slot is handed over by the task that frees it, so `active` never drops and rises again in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
