import type { ResourceKind } from "../../src/access/kinds";
import { isLiveSubject, LIVE_SUBJECTS } from "../../src/access/live-subjects";
import type { DatabaseHandle } from "../db/open";
import type { ResourceRegistry } from "../resources/model";
import { type ChangeNotice, LIVE_CHANNEL } from "./notify";

// The receiving half of live updates, one per server process: LISTENs on LIVE_CHANNEL (every
// process sharing the database hears every committed change, in commit order), keeps each
// tenant's recent events for resuming streams (Last-Event-ID), and hands each event to the
// open streams of its tenant; each stream decides what its caller may see (stream.ts).
//
// Resuming: the events after the one named by Last-Event-ID are replayed when that event is
// still in the tenant's buffer (the last BUFFER_SIZE events of the tenant). Otherwise (too old,
// or from before this process started listening, or lost while the database connection was
// down) the stream gets a `reset` event: refetch everything.

export type LiveAction = "created" | "updated" | "deleted";

export interface LiveEvent {
  /** The change-log row's id, the same in every process. */
  id: number;
  tenantId: number;
  kind: string;
  path: string;
  recordId: number;
  action: LiveAction;
  version: number | null;
  fields: string[] | null;
  /** Owners before and after the write (ReadOwn readers see the event when one is theirs). */
  owners: number[];
}

export interface LiveListener {
  tenantId: number;
  event(event: LiveEvent): void;
  /** Events may have been missed (the database connection was lost): refetch everything. */
  reset(): void;
}

const ACTIONS: Record<string, LiveAction> = { create: "created", update: "updated", delete: "deleted" };

/** Events kept per tenant for resuming. */
export const BUFFER_SIZE = 1000;

export class LiveHub {
  private readonly buffers = new Map<number, LiveEvent[]>();
  private readonly listeners = new Set<LiveListener>();
  /** Received, not yet handed out (receive() merges a write's second notification). */
  private pending: LiveEvent[] = [];
  private started: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly registry: ResourceRegistry,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Starts listening (once, at the first stream: a server nobody watches holds no extra connection). */
  start(): Promise<void> {
    this.started ??= this.database
      .listen(LIVE_CHANNEL, {
        onPayload: (payload) => this.receive(payload),
        onGap: () => this.gap(),
        onError: (error) => this.log.warn({ err: error }, "live updates: database listener error"),
      })
      .then(async (stop) => {
        if (this.closed) await stop();
        else this.stop = stop;
      })
      .catch((error: unknown) => {
        this.started = null;
        throw error;
      });
    return this.started;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The tenant's events after `lastId`, oldest first; null when `lastId` is no longer known. */
  since(tenantId: number, lastId: number): LiveEvent[] | null {
    const buffer = this.buffers.get(tenantId) ?? [];
    // By position, not by comparing ids: ids are taken at insert, events arrive in commit order.
    const at = buffer.findLastIndex((event) => event.id === lastId);
    return at < 0 ? null : buffer.slice(at + 1);
  }

  /** The id of the tenant's newest event this process has seen. */
  latest(tenantId: number): number | undefined {
    return this.buffers.get(tenantId)?.at(-1)?.id;
  }

  get streams(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.started?.catch(() => undefined);
    await this.stop?.();
    this.stop = null;
  }

  private receive(payload: string): void {
    const event = this.parse(payload);
    if (!event) return;
    // One write may notify its entry twice (a hook completing the write adds fields to it,
    // derived-writes.ts completeWrite), back to back in one commit: merged into one event.
    const same = this.pending.find((p) => p.id === event.id && p.tenantId === event.tenantId);
    if (same) {
      same.fields = same.fields && event.fields ? [...new Set([...same.fields, ...event.fields])] : null;
      same.owners = [...new Set([...same.owners, ...event.owners])];
      same.version = event.version;
      return;
    }
    this.pending.push(event);
    if (this.pending.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const events = this.pending.splice(0);
    for (const event of events) this.dispatch(event);
  }

  private dispatch(event: LiveEvent): void {
    let buffer = this.buffers.get(event.tenantId);
    if (!buffer) {
      buffer = [];
      this.buffers.set(event.tenantId, buffer);
    }
    buffer.push(event);
    if (buffer.length > BUFFER_SIZE) buffer.splice(0, buffer.length - BUFFER_SIZE);
    for (const listener of this.listeners) if (listener.tenantId === event.tenantId) listener.event(event);
  }

  private gap(): void {
    this.buffers.clear();
    for (const listener of this.listeners) listener.reset();
  }

  private parse(payload: string): LiveEvent | null {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return null;
    }
    const model = this.registry.byKind.get(notice.k as ResourceKind);
    const path = model?.resource.path ?? (isLiveSubject(notice.k) ? LIVE_SUBJECTS[notice.k].path : null);
    const action = ACTIONS[notice.a];
    if (!path || !action || !Number.isInteger(notice.e) || !Number.isInteger(notice.t)) return null;
    const owners = new Set(notice.o ?? []);
    if (typeof notice.n === "number") owners.add(notice.n);
    return {
      id: notice.e,
      tenantId: notice.t,
      kind: notice.k,
      path,
      recordId: notice.i,
      action,
      // A deleted record has no version; an update later rolled into a delete neither.
      version: action === "deleted" ? null : (notice.v ?? null),
      fields: notice.f ?? null,
      owners: [...owners],
    };
  }
}
