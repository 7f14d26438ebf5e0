import pg from "pg";

// A server process's one LISTEN connection to PostgreSQL, outside the pool (a pooled one would be handed to
// queries), shared by every channel the process listens on: the cache invalidations (write-triggers.ts) and the
// live updates (server/live/). One connection, so the notifications of one transaction arrive in the order it
// sent them, and those of several transactions in commit order.
//
// It also answers sync(): a round trip on this connection that started after the call. PostgreSQL sends a
// listening connection the notifications of every transaction committed before it reads a command ahead of that
// command's answer (the committing backend signals the listeners before its own client hears of the commit;
// an idle backend delivers pending notifications before ReadyForQuery), so once sync() resolves, everything
// committed before it was called has been handed to the channels' handlers. The round trips are shared: a
// caller waits for the one in flight only when it started after the call, else for the next.
//
// When the connection drops it is opened again with a growing pause; the handlers hear onLost at once and
// onGap once it listens again (notifications in between are lost).

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The connection was lost and is listening again; notifications in between are lost. */
  onGap?(): void;
  /** The connection was lost: notifications are missed until onGap. */
  onLost?(): void;
  onError?(error: Error): void;
}

/** Its application_name in pg_stat_activity, followed by the server process's pid. */
export const LISTENER_NAME = "pressroom-listener";
/** The barrier's command: an empty query, answered without parsing or planning anything. */
const BARRIER = ";";
/** A barrier not answered within this is taken for a lost connection. */
const BARRIER_TIMEOUT_MS = 2_000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;

export class PostgresListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private connecting: Promise<void> | null = null;
  private stopped = false;
  private pause = FIRST_PAUSE_MS;
  private timer: NodeJS.Timeout | undefined;
  /** The barrier in flight, and the one that starts when it ends (sync()). */
  private current: Promise<boolean> | null = null;
  private next: Promise<boolean> | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  /** Whether the connection is up (listening on every channel). */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Opens the connection; rejects when PostgreSQL cannot be reached (the caller's start fails). */
  start(): Promise<void> {
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Hands `channel`'s notifications to `handlers`; answers the stop function. */
  async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(handlers);
    await this.connecting?.catch(() => undefined);
    // While the connection is down, the next one LISTENs on every channel (and tells onGap).
    if (first && this.client) await this.client.query(`listen ${pg.escapeIdentifier(channel)}`);
    const own = set;
    return async () => {
      own.delete(handlers);
      if (own.size > 0 || this.channels.get(channel) !== own) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  /**
   * Resolves true once every notification of a transaction committed before the call has been handed out;
   * false when the connection is down (or is lost on the way).
   */
  sync(): Promise<boolean> {
    if (!this.client) return Promise.resolve(false);
    if (!this.current) return this.roundTrip();
    this.next ??= this.current.then(() => {
      this.next = null;
      return this.roundTrip();
    });
    return this.next;
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private roundTrip(): Promise<boolean> {
    const client = this.client;
    if (!client) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      client.query(BARRIER).then(
        () => resolve(this.client === client),
        () => resolve(false),
      );
    });
    const settled = answered.then((ok) => {
      clearTimeout(timer);
      if (this.current === settled) this.current = null;
      // A connection that does not answer is not trusted any more: drop it (onLost) and open another.
      if (!ok && this.client === client) {
        this.lost(client);
        client.end().catch(() => undefined);
      }
      return ok;
    });
    this.current = settled;
    return settled;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: `${LISTENER_NAME} ${process.pid}`,
    });
    client.on("notification", (message) => {
      if (this.client !== client) return;
      for (const handlers of this.channels.get(message.channel) ?? [])
        handlers.onPayload(message.payload ?? "");
    });
    client.on("error", (error) => {
      this.onError(error);
      for (const set of this.channels.values()) for (const handlers of set) handlers.onError?.(error);
      this.lost(client);
    });
    client.on("end", () => this.lost(client));
    await client.connect();
    try {
      for (const channel of this.channels.keys())
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    for (const set of this.channels.values()) for (const handlers of set) handlers.onLost?.();
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.start().then(
        () => {
          this.pause = FIRST_PAUSE_MS;
          if (!this.client) return;
          for (const set of [...this.channels.values()]) for (const handlers of set) handlers.onGap?.();
        },
        (error: Error) => {
          this.onError(error);
          this.retryLater();
        },
      );
      this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
    }, this.pause);
  }
}
