// Delivers notifications to this process's open streams, whichever process stored them: a cheap poll of the
// notifications' highest id while any stream is open (plus an immediate look after a write in this process).
import type { ServerResponse } from 'node:http';
import type { Queryable } from '../../db/database';
import { notificationRows, toNotification, type NotificationRow } from './alerts.service';

/** Well under the 2-second promise, and one indexed max(id) per tick for the whole process. */
export const POLL_MS = 300;
const HEARTBEAT_MS = 25_000;
/** Notifications replayed to a reconnecting stream at most (older ones stay in the bell's list). */
const REPLAY_MAX = 200;

interface Stream {
  userId: number;
  response: ServerResponse;
  /** Highest notification id written to this stream: nothing at or below it is written again. */
  lastSentId: number;
  /** Rows that arrived while the replay ran. */
  pending: NotificationRow[] | undefined;
}

export class NotificationHub {
  private readonly streams = new Set<Stream>();
  private cursor: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /**
   * Opens a stream: replays the member's notifications after `lastEventId` (a reconnect), or none when it is absent
   * (a new tab starts from now), then everything new.
   */
  async open(
    userId: number,
    response: ServerResponse,
    lastEventId: number | undefined,
  ): Promise<void> {
    const stream: Stream = { userId, response, lastSentId: 0, pending: [] };
    this.streams.add(stream);
    response.on('close', () => this.close(stream));
    await this.start();
    if (lastEventId === undefined) {
      const row = await this.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('max'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      stream.lastSentId = Number(row?.max ?? 0);
    } else {
      stream.lastSentId = lastEventId;
      const rows = await notificationRows(this.db)
        .where('n.user_id', '=', userId)
        .where('n.id', '>', lastEventId)
        .orderBy('n.id', 'desc')
        .limit(REPLAY_MAX)
        .execute();
      for (const row of rows.reverse()) this.write(stream, row as NotificationRow);
    }
    const pending = stream.pending ?? [];
    stream.pending = undefined;
    for (const row of pending) this.write(stream, row);
  }

  /** Look now (a notification was just stored by this process). */
  kick(): void {
    if (this.streams.size > 0) void this.poll();
  }

  stop(): void {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
    this.heartbeat = undefined;
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }

  private async start(): Promise<void> {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.response.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    this.timer.unref();
    this.heartbeat.unref();
    if (this.cursor === undefined) {
      const row = await this.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      this.cursor ??= Number(row?.max ?? 0);
    }
  }

  private close(stream: Stream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0) {
      clearInterval(this.timer);
      clearInterval(this.heartbeat);
      this.timer = undefined;
      this.heartbeat = undefined;
      this.cursor = undefined;
    }
  }

  private poll(): Promise<void> {
    if (this.polling) {
      this.again = true;
      return this.polling;
    }
    this.polling = this.readNew()
      .catch(this.onError)
      .finally(() => {
        this.polling = undefined;
        if (this.again) {
          this.again = false;
          void this.poll();
        }
      });
    return this.polling;
  }

  private async readNew(): Promise<void> {
    const cursor = this.cursor;
    if (cursor === undefined || this.streams.size === 0) return;
    const top = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    if (Number(top?.max ?? 0) <= cursor) return;
    const users = [...new Set([...this.streams].map((s) => s.userId))];
    const rows = (await notificationRows(this.db)
      .where('n.id', '>', cursor)
      .where('n.user_id', 'in', users)
      .orderBy('n.id')
      .execute()) as NotificationRow[];
    this.cursor = Math.max(cursor, Number(top?.max ?? 0));
    for (const row of rows)
      for (const stream of this.streams)
        if (stream.userId === row.user_id) {
          if (stream.pending) stream.pending.push(row);
          else this.write(stream, row);
        }
  }

  private write(stream: Stream, row: NotificationRow): void {
    if (row.id <= stream.lastSentId) return;
    stream.lastSentId = row.id;
    stream.response.write(
      `id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(toNotification(row))}\n\n`,
    );
  }
}
