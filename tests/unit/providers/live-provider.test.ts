import type { LiveEvent } from "@refinedev/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createLiveProvider,
  type EventSourceLike,
  type FetchLike,
} from "../../../src/providers/live-provider";

// The live provider over a stand-in event source: which subscriptions hear which server events,
// the token in the Authorization header (never in the URL), one stream for the app, opened only
// while signed in and closed once nothing listens.

class FakeSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  private readonly listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor(
    readonly url: string,
    readonly fetch: FetchLike,
  ) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

function setup(token: string | null = "tok-1") {
  const sources: FakeSource[] = [];
  let current = token ?? undefined;
  const provider = createLiveProvider({
    open: async (url, fetch) => {
      const source = new FakeSource(url, fetch);
      sources.push(source);
      return source;
    },
    token: () => current,
    url: () => "http://shop.test/api/v1/events",
    idleMs: 1000,
  });
  const subscribe = (channel: string, params: Record<string, unknown> = {}, types = ["*"]) => {
    const heard: LiveEvent[] = [];
    const handle = provider.subscribe({ channel, types, params, callback: (e) => heard.push(e) });
    return { heard, handle };
  };
  return {
    provider,
    sources,
    subscribe,
    signIn: (next: string | undefined) => {
      current = next;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const change = (path: string, id: number, action = "updated", version: number | null = 3) => ({
  path,
  id,
  action,
  version,
  fields: ["status_id"],
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("live provider", () => {
  it("opens no stream while signed out", async () => {
    const t = setup(null);
    t.subscribe("resources/Order");
    await flush();
    expect(t.sources).toHaveLength(0);
  });

  it("tells a list of its kind's changes, with the record's id, version and fields", async () => {
    const t = setup();
    const orders = t.subscribe("resources/Order", { subscriptionType: "useList" });
    const customers = t.subscribe("resources/Customer", { subscriptionType: "useList" });
    await flush();
    expect(t.sources).toHaveLength(1);
    t.sources[0].emit("change", change("orders", 12));
    expect(orders.heard).toHaveLength(1);
    expect(orders.heard[0]).toMatchObject({
      channel: "resources/Order",
      type: "updated",
      payload: { ids: [12], version: 3, fields: ["status_id"] },
    });
    expect(customers.heard).toEqual([]);
  });

  it("tells a record's subscription only of that record, and only of the types asked", async () => {
    const t = setup();
    const one = t.subscribe("resources/Order", { subscriptionType: "useOne", ids: ["5"] });
    const deletes = t.subscribe("resources/Order", {}, ["deleted"]);
    await flush();
    t.sources[0].emit("change", change("orders", 6));
    t.sources[0].emit("change", change("orders", 5));
    t.sources[0].emit("change", change("orders", 7, "deleted", null));
    expect(one.heard.map((e) => e.payload.ids)).toEqual([[5]]);
    expect(deletes.heard.map((e) => [e.type, e.payload.ids])).toEqual([["deleted", [7]]]);
  });

  it("tells a campaign's subscription of its runs (a record of no kind, on the campaigns path)", async () => {
    const t = setup();
    const campaign = t.subscribe("resources/Campaign", { subscriptionType: "useOne", ids: [7] }, ["updated"]);
    await flush();
    t.sources[0].emit("change", { ...change("campaigns", 8, "updated", null), fields: ["runs", "started"] });
    t.sources[0].emit("change", { ...change("campaigns", 7, "updated", null), fields: ["runs", "done"] });
    t.sources[0].emit("change", change("mail-orders", 7));
    expect(campaign.heard.map((e) => [e.payload.ids, e.payload.fields])).toEqual([[[7], ["runs", "done"]]]);
  });

  it("asks every subscription to refetch on a reset", async () => {
    const t = setup();
    const a = t.subscribe("resources/Order");
    const b = t.subscribe("resources/Run", { ids: [4] });
    await flush();
    t.sources[0].emit("reset", { reason: "unknown-last-event-id" });
    expect(a.heard.map((e) => e.type)).toEqual(["*"]);
    expect(b.heard.map((e) => e.type)).toEqual(["*"]);
  });

  it("sends the token in the Authorization header, read at each connection, never in the URL", async () => {
    const t = setup("tok-1");
    t.subscribe("resources/Order");
    await flush();
    const source = t.sources[0];
    expect(source.url).toBe("http://shop.test/api/v1/events");
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(""));
    await source.fetch(source.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": "41" } });
    t.signIn("tok-2");
    await source.fetch(source.url, { headers: { Accept: "text/event-stream" } });
    const headers = fetch.mock.calls.map(([, init]) => (init as RequestInit).headers);
    expect(headers).toEqual([
      { Accept: "text/event-stream", "Last-Event-ID": "41", Authorization: "Bearer tok-1" },
      { Accept: "text/event-stream", Authorization: "Bearer tok-2" },
    ]);
    expect(String(fetch.mock.calls[0][0])).not.toContain("tok");
  });

  it("keeps one stream for the app and closes it a while after the last subscription goes", async () => {
    const t = setup();
    const a = t.subscribe("resources/Order");
    const b = t.subscribe("resources/Customer");
    await flush();
    vi.useFakeTimers();
    t.provider.unsubscribe(a.handle);
    t.provider.unsubscribe(b.handle);
    // A page change subscribes again within the pause: the same stream goes on.
    const c = t.subscribe("resources/Run");
    vi.advanceTimersByTime(5000);
    expect(t.sources).toHaveLength(1);
    expect(t.sources[0].closed).toBe(false);
    t.provider.unsubscribe(c.handle);
    vi.advanceTimersByTime(999);
    expect(t.sources[0].closed).toBe(false);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await flush();
    expect(t.sources[0].closed).toBe(true);
    // An unsubscribed callback hears nothing.
    t.sources[0].emit("change", change("runs", 1));
    expect(c.heard).toEqual([]);
  });

  it("opens a new stream after the server refused the last one (signed out, then in again)", async () => {
    const t = setup();
    t.subscribe("resources/Order");
    await flush();
    t.sources[0].readyState = 2;
    t.sources[0].emit("error");
    t.subscribe("resources/Order");
    await flush();
    expect(t.sources).toHaveLength(2);
  });
});
