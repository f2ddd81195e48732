// Delivers notifications to this process's open streams, whichever process stored them: a cheap poll of the
// notifications' highest id while any stream is open (plus an immediate look after a write in this process). Every
// open stream has a row in notification_streams, shared by all processes: a member's sixth stream anywhere closes
// their oldest, and each poll closes the streams whose row is gone or whose member was deactivated or changed their
// password or role (a new token version), whichever process made the change.
import type { ServerResponse } from 'node:http';
import { fromDbBool, type Queryable } from '../../db/database';
import { notificationRows, toNotification, type NotificationRow } from './alerts.service';

/** Well under the 2-second promise, and one indexed max(id) per tick for the whole process. */
export const POLL_MS = 300;
const HEARTBEAT_MS = 25_000;
/** Notifications replayed to a reconnecting stream at most (older ones stay in the bell's list). */
const REPLAY_MAX = 200;
/** Open streams one member may have, in every process together: a new one closes the oldest. */
export const MAX_STREAMS_PER_MEMBER = 5;
/** Open streams from one client address, in every process together: more are refused. */
export const MAX_STREAMS_PER_IP = 20;
/** How long a stream's row counts without its process renewing it (a process that died leaves rows behind). */
const ALIVE_MS = 3 * HEARTBEAT_MS;

interface Stream {
  /** Its notification_streams row. */
  id: number;
  userId: number;
  /** The member's token version when the stream opened: any other one closes it. */
  tokenVersion: number;
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
   * Registers a stream about to open: its row, unless `ip` has MAX_STREAMS_PER_IP open already (undefined), and the
   * member's streams beyond the newest MAX_STREAMS_PER_MEMBER removed (their processes close them on their next poll;
   * this one at once).
   */
  async register(
    member: { userId: number; tokenVersion: number },
    ip: string,
    now = new Date(),
  ): Promise<number | undefined> {
    const at = now.toISOString();
    const fromIp = await this.db
      .selectFrom('notification_streams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('alive_until', '>', at)
      .executeTakeFirstOrThrow();
    if (Number(fromIp.n) >= MAX_STREAMS_PER_IP) return undefined;
    const row = await this.db
      .insertInto('notification_streams')
      .values({
        user_id: member.userId,
        ip,
        opened_on: at,
        alive_until: new Date(now.getTime() + ALIVE_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const kept = this.db
      .selectFrom('notification_streams')
      .select('id')
      .where('user_id', '=', member.userId)
      .where('alive_until', '>', at)
      .orderBy('id', 'desc')
      .limit(MAX_STREAMS_PER_MEMBER);
    await this.db
      .deleteFrom('notification_streams')
      .where('user_id', '=', member.userId)
      .where('id', 'not in', kept)
      .execute();
    await this.closeGone();
    return row.id;
  }

  /**
   * Opens a registered stream: replays the member's notifications after `lastEventId` (a reconnect), or none when it
   * is absent (a new tab starts from now), then everything new.
   */
  async open(
    registered: { id: number; userId: number; tokenVersion: number },
    response: ServerResponse,
    lastEventId: number | undefined,
  ): Promise<void> {
    const { userId } = registered;
    const stream: Stream = { ...registered, response, lastSentId: 0, pending: [] };
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

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
    this.heartbeat = undefined;
    const ids = [...this.streams].map((s) => s.id);
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
    if (ids.length > 0)
      await this.db
        .deleteFrom('notification_streams')
        .where('id', 'in', ids)
        .execute()
        .catch(this.onError);
  }

  private async start(): Promise<void> {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.response.write(': keep-alive\n\n');
      void this.renew().catch(this.onError);
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

  /** Keeps this process's stream rows counted (ALIVE_MS). */
  private async renew(): Promise<void> {
    const ids = [...this.streams].map((s) => s.id);
    if (ids.length === 0) return;
    await this.db
      .updateTable('notification_streams')
      .set({ alive_until: new Date(Date.now() + ALIVE_MS).toISOString() })
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * Ends this process's streams whose row another process removed (the member opened too many) or whose member is
   * no longer active or has another token version now (a password, status or role change).
   */
  private async closeGone(): Promise<void> {
    const ids = [...this.streams].map((s) => s.id);
    if (ids.length === 0) return;
    const rows = await this.db
      .selectFrom('notification_streams as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 'u.status', 'u.token_version'])
      .where('s.id', 'in', ids)
      .execute();
    const live = new Map(rows.map((r) => [r.id, r]));
    const gone = [...this.streams].filter((stream) => {
      const row = live.get(stream.id);
      return !row || !fromDbBool(row.status) || row.token_version !== stream.tokenVersion;
    });
    if (gone.length === 0) return;
    // Rows first: once the client sees its stream end, the stream no longer counts anywhere.
    await this.db
      .deleteFrom('notification_streams')
      .where(
        'id',
        'in',
        gone.map((stream) => stream.id),
      )
      .execute();
    for (const stream of gone) {
      // A tab whose stream a newer one replaced must not reconnect (it would close another in turn).
      if (!live.has(stream.id)) stream.response.write('event: closed\ndata: replaced\n\n');
      stream.response.end();
    }
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    void this.db
      .deleteFrom('notification_streams')
      .where('id', '=', stream.id)
      .execute()
      .catch(this.onError);
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
    this.polling = this.closeGone()
      .then(() => this.readNew())
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
