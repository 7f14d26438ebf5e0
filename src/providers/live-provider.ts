// Refine's liveProvider over the server's event stream (GET {api}/events, Server-Sent Events;
// contract "Live updates"). One connection for the whole app, opened at the first subscription
// while signed in and closed a little after the last one goes; the session token travels in the
// Authorization header (the `eventsource` package over fetch), never in the URL. The package is
// imported only when the first stream opens, so the sign-in page does not load it.
//
// Each server event { path, id, action, version, fields } reaches the subscriptions of its kind
// (channel "resources/{kind}", or "resources/Campaign" for a record of no kind: access/live-subjects.ts): every
// list of the kind, and the records subscribed by id. A
// `reset` (the server could not replay what was missed) reaches every subscription as "*": the
// "auto" pages refetch.
import type { LiveEvent, LiveProvider } from "@refinedev/core";
import { isKind, pathOf } from "../access/kinds";
import { isLiveSubject, LIVE_SUBJECTS } from "../access/live-subjects";
import { getConfig } from "../config/config";
import { getSessionToken } from "./session";

/** The part of an EventSource the provider uses (the package's, or a test's). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
  readonly readyState: number;
}

export type FetchLike = (url: string | URL, init: { headers?: Record<string, string> }) => Promise<unknown>;

export interface LiveProviderOptions {
  /** Opens the stream; default: the `eventsource` package, loaded on first use. */
  open?: (url: string, fetch: FetchLike) => Promise<EventSourceLike>;
  token?: () => string | undefined;
  url?: () => string;
  /** How long the stream stays open after the last subscription goes (a page change resubscribes). */
  idleMs?: number;
}

interface Subscription {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
  /** Records subscribed by id (useOne, useMany); empty for a list. */
  ids: string[];
  /** The kind's path in the API, or null for a channel that is no kind. */
  path: string | null;
}

/** The data of a `change` event, as the contract gives it. */
export interface ServerChange {
  path: string;
  id: number;
  action: "created" | "updated" | "deleted";
  version: number | null;
  fields: string[] | null;
}

const CLOSED = 2;

const defaultOpen = async (url: string, fetch: FetchLike): Promise<EventSourceLike> => {
  const { EventSource } = await import("eventsource");
  return new EventSource(url, { fetch: fetch as never }) as unknown as EventSourceLike;
};

function defaultUrl(): string {
  return new URL(`${getConfig().apiBaseUrl.replace(/\/$/, "")}/events`, window.location.href).toString();
}

function pathOfChannel(channel: string): string | null {
  const kind = channel.startsWith("resources/") ? channel.slice("resources/".length) : "";
  if (isLiveSubject(kind)) return LIVE_SUBJECTS[kind].path;
  return isKind(kind) ? pathOf(kind) : null;
}

/** Whether a subscription wants the event: its kind, one of its types, its ids (if any). */
export function wants(subscription: Subscription, change: ServerChange): boolean {
  if (subscription.path !== change.path) return false;
  if (!subscription.types.includes("*") && !subscription.types.includes(change.action)) return false;
  return subscription.ids.length === 0 || subscription.ids.includes(String(change.id));
}

export function createLiveProvider(options: LiveProviderOptions = {}): LiveProvider {
  const open = options.open ?? defaultOpen;
  const token = options.token ?? getSessionToken;
  const url = options.url ?? defaultUrl;
  const idleMs = options.idleMs ?? 5_000;
  const subscriptions = new Set<Subscription>();
  let source: Promise<EventSourceLike | null> | null = null;
  let idle: ReturnType<typeof setTimeout> | undefined;

  // Each (re)connection reads the token then, so a new sign-in is used as it is.
  const authorizedFetch: FetchLike = (target, init) => {
    const current = token();
    const headers = { ...init.headers, ...(current ? { Authorization: `Bearer ${current}` } : {}) };
    return fetch(target, { ...(init as RequestInit), headers });
  };

  const deliver = (change: ServerChange) => {
    for (const subscription of [...subscriptions]) {
      if (!wants(subscription, change)) continue;
      subscription.callback({
        channel: subscription.channel,
        type: change.action,
        payload: { ids: [change.id], version: change.version, fields: change.fields },
        date: new Date(),
      });
    }
  };

  const refetchAll = () => {
    for (const subscription of [...subscriptions]) {
      subscription.callback({ channel: subscription.channel, type: "*", payload: {}, date: new Date() });
    }
  };

  const connect = () => {
    if (source || !token()) return;
    const opening = open(url(), authorizedFetch).then(
      (stream) => {
        stream.addEventListener("change", (event) => {
          try {
            deliver(JSON.parse(String(event.data)) as ServerChange);
          } catch {
            // Not the contract's data: nothing to tell.
          }
        });
        stream.addEventListener("reset", refetchAll);
        // A refusal (401: signed out) or a broken stream the package gave up on: start afresh
        // at the next subscription. Transient drops are retried by the package itself.
        stream.addEventListener("error", () => {
          if (stream.readyState === CLOSED && source === opening) source = null;
        });
        if (subscriptions.size === 0) {
          stream.close();
          source = null;
          return null;
        }
        return stream;
      },
      () => {
        source = null;
        return null;
      },
    );
    source = opening;
  };

  const disconnect = () => {
    const closing = source;
    source = null;
    void closing?.then((stream) => stream?.close());
  };

  return {
    subscribe: ({ channel, types, callback, params }) => {
      const ids = (params?.ids ?? []).map(String);
      const subscription: Subscription = { channel, types, callback, ids, path: pathOfChannel(channel) };
      subscriptions.add(subscription);
      clearTimeout(idle);
      connect();
      return subscription;
    },
    unsubscribe: (subscription: Subscription) => {
      subscriptions.delete(subscription);
      if (subscriptions.size > 0) return;
      clearTimeout(idle);
      idle = setTimeout(disconnect, idleMs);
    },
  };
}

export const liveProvider = createLiveProvider();
