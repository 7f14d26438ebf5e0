import { isLiveSubject, LIVE_SUBJECTS } from "../../src/access/live-subjects";
import { scopeFor } from "../../src/access/permissions";
import { kindOpenToRead } from "../../src/access/route-requirements";
import type { Grants } from "../auth/permissions";
import type { ResourceRegistry } from "../resources/model";
import type { LiveEvent, LiveListener } from "./hub";

// One caller's event stream: what they may see of the tenant's events, written in the
// text/event-stream format. Access is asked again for every event (and every heartbeat), so a
// revoked session or a withdrawn Read stops what the stream tells: answer null and it ends.

export interface StreamAccess {
  userId: number;
  grants: Grants;
}

export interface StreamSink {
  /** Writes text; false when the client is not keeping up. */
  write(text: string): boolean;
  /** Bytes written and not yet taken by the client. */
  pending(): number;
  end(): void;
}

// A client this far behind is cut off; it reconnects and resumes (or refetches).
const MAX_PENDING = 1024 * 1024;

/** Whether the caller may read the event's record: Read of its kind, ReadOwn when it is (or was) theirs. */
export function mayRead(registry: ResourceRegistry, access: StreamAccess, event: LiveEvent): boolean {
  // A record of no kind (a campaign): Read of the kind its endpoints ask.
  if (isLiveSubject(event.kind))
    return scopeFor(access.grants, LIVE_SUBJECTS[event.kind].readKind, "Read") === "all";
  const model = registry.byKind.get(event.kind as never);
  if (!model) return false;
  if (kindOpenToRead(model.resource)) return true;
  const scope = scopeFor(access.grants, model.kind, "Read");
  if (scope === "all") return true;
  // Without an ownerField nothing is anyone's own (fails closed, as the routes do).
  return scope === "own" && Boolean(model.resource.ownerField) && event.owners.includes(access.userId);
}

export function formatEvent(event: LiveEvent): string {
  const data = {
    path: event.path,
    id: event.recordId,
    action: event.action,
    version: event.version,
    fields: event.fields,
  };
  return `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Refetch everything: the events since Last-Event-ID are not known (any more). */
export function formatReset(reason: string, latestId: number | undefined): string {
  const id = latestId === undefined ? "" : `id: ${latestId}\n`;
  return `${id}event: reset\ndata: ${JSON.stringify({ reason })}\n\n`;
}

export class LiveStream implements LiveListener {
  private queue: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(
    readonly tenantId: number,
    private readonly registry: ResourceRegistry,
    private readonly sink: StreamSink,
    /** The caller's current access; null once the session is gone. */
    private readonly access: () => Promise<StreamAccess | null>,
  ) {}

  event(event: LiveEvent): void {
    this.enqueue(async () => {
      const access = await this.access();
      if (!access) return this.close();
      if (mayRead(this.registry, access, event)) this.write(formatEvent(event));
    });
  }

  /** Replays resumed events (Last-Event-ID) in order, before any new one. */
  replay(events: LiveEvent[]): void {
    for (const event of events) this.event(event);
  }

  reset(reason = "missed", latestId?: number): void {
    this.enqueue(async () => this.write(formatReset(reason, latestId)));
  }

  heartbeat(): void {
    this.enqueue(async () => {
      if (!(await this.access())) return this.close();
      this.write(": heartbeat\n\n");
    });
  }

  write(text: string): void {
    if (this.ended) return;
    this.sink.write(text);
    if (this.sink.pending() > MAX_PENDING) this.close();
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink.end();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** In order, one at a time: each event waits for its access check. */
  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.ended) return;
      try {
        await step();
      } catch {
        // A failed access check (the database is down): end the stream; the client reconnects.
        this.close();
      }
    });
  }
}
