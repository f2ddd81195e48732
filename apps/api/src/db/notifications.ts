// Following a PostgreSQL notification channel (LISTEN) for as long as the process runs: a dropped connection is
// reported at once and opened again a few seconds later. What a process remembers because it hears of changes (members,
// the lead list's bitmaps) is trusted only while the channel is up: `onDown` must forget it or stop trusting it, and
// `onUp` must assume that anything may have changed while it was down.
import type { DatabaseHandle } from './database';

export type Listen = NonNullable<DatabaseHandle['listen']>;

export interface ChannelFollower {
  onMessage(payload: string): void;
  /** Listening (again): notifications arrive from now on; those sent while down were lost. */
  onUp(): void;
  /** Not listening: from now on nothing is heard until `onUp`. */
  onDown(): void;
  onError(error: unknown): void;
}

const RETRY_MS = 5_000;

/** Follows `channel` into `follower`, reconnecting after a failure. The result stops it. */
export function followChannel(
  listen: Listen,
  channel: string,
  follower: ChannelFollower,
): () => Promise<void> {
  let stopped = false;
  let stopListening: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;

  const failed = (error: unknown) => {
    follower.onDown();
    follower.onError(error);
    const stop = stopListening;
    stopListening = undefined;
    void stop?.().catch(() => undefined);
    if (!stopped && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void start();
      }, RETRY_MS);
      retry.unref();
    }
  };

  const start = async () => {
    try {
      const stop = await listen(channel, (payload) => follower.onMessage(payload), failed);
      if (stopped) return void (await stop());
      stopListening = stop;
      follower.onUp();
    } catch (error) {
      failed(error);
    }
  };
  void start();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    follower.onDown();
    await stopListening?.();
  };
}
