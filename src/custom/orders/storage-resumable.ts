// Firebase Storage's resumable upload, sent by the app itself (the REST requests firebase/storage makes,
// https://cloud.google.com/storage/docs/resumable-uploads: start, upload / upload, finalize at an offset,
// query), so that an upload outlives the page: the session's URL is kept (localStorage in the app, keyed by
// the order and the file's fingerprint) and an upload interrupted by a reload or a closed tab goes on
// from the offset Storage reports when the same file is chosen again. firebase/storage's own
// uploadBytesResumable keeps its session URL to itself, so a reload started it over. Sessions live a week
// at Storage; a kept one older than SESSION_DAYS, or one Storage no longer knows, is started afresh.

/** Where an upload's session is kept between pages (localStorage; a Map in tests). */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An upload's session as kept: Storage's session URL and the path the server handed out for it. */
export interface KeptSession {
  url: string;
  bucket: string;
  path: string;
  contentType: string;
  started: number;
}

export interface ResumableTarget {
  /** Storage's origin: https://firebasestorage.googleapis.com, or http://{emulator host}. */
  origin: string;
  bucket: string;
  path: string;
  contentType: string;
}

export interface ResumableOptions {
  /** `Firebase {ID token}` when the user is signed in to Firebase (as the SDK sends it); none otherwise. */
  authorization?: () => Promise<string | null>;
  onProgress(sent: number, total: number): void;
  /**
   * The largest chunk, a multiple of Storage's 256 KiB granularity: chunks start at 256 KiB and double after
   * each one stored (as firebase/storage's do), so a slow connection still shows progress early.
   */
  chunkSize?: number;
  /** Waits before each new try of a chunk that failed (a dropped connection, a 5xx, 408 or 429). */
  retryDelays?: number[];
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export const SESSION_DAYS = 6;
const GRANULARITY = 256 * 1024;
export const DEFAULT_CHUNK = 128 * GRANULARITY;

/** The key an upload's session is kept under: the order, and the file's name, size, date and kind. */
export function sessionKey(
  /** The order's id, or a saved tool job's side ("d12-front"). */
  orderId: number | string,
  file: { name: string; size: number; lastModified: number },
  kind: string,
  itemId?: number | null,
): string {
  return `pressroom.storage-upload.${orderId}.${kind}.${itemId ?? "-"}.${file.size}.${file.lastModified}.${file.name}`;
}

/** The kept session under `key`, when there is one still young enough to resume. */
export function keptSession(store: SessionStore, key: string, now = Date.now()): KeptSession | null {
  const text = store.getItem(key);
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as KeptSession;
    if (
      typeof kept.url === "string" &&
      typeof kept.path === "string" &&
      now - kept.started < SESSION_DAYS * 864e5
    ) {
      return kept;
    }
  } catch {
    // Not ours, or damaged: started afresh below.
  }
  store.removeItem(key);
  return null;
}

export class StorageRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts a session: answers its URL (X-Goog-Upload-URL). */
export async function startSession(target: ResumableTarget, size: number, options: ResumableOptions) {
  const send = options.fetch ?? fetch;
  const url = `${target.origin}/v0/b/${encodeURIComponent(target.bucket)}/o?name=${encodeURIComponent(target.path)}`;
  const response = await send(url, {
    method: "POST",
    headers: {
      ...(await authHeader(options)),
      "Content-Type": "application/json; charset=utf-8",
      "X-Goog-Upload-Protocol": "resumable",
      "X-Goog-Upload-Command": "start",
      "X-Goog-Upload-Header-Content-Length": String(size),
      "X-Goog-Upload-Header-Content-Type": target.contentType,
    },
    body: JSON.stringify({ name: target.path, contentType: target.contentType }),
    signal: options.signal,
  });
  await refuseUnlessOk(response);
  const session = response.headers.get("X-Goog-Upload-URL");
  if (!session) throw new StorageRefusal(502, "Firebase Storage did not open an upload session.");
  return session;
}

/** What Storage holds of a session: the bytes received, and whether it is final; null for an unknown session. */
export async function querySession(session: string, options: ResumableOptions) {
  const response = await (options.fetch ?? fetch)(session, {
    method: "POST",
    headers: { ...(await authHeader(options)), "X-Goog-Upload-Command": "query" },
    signal: options.signal,
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return null;
  if (!response.ok)
    throw new StorageRefusal(response.status, "Firebase Storage did not say where the upload stopped.");
  return {
    received: Number(response.headers.get("X-Goog-Upload-Size-Received") ?? 0),
    final: response.headers.get("X-Goog-Upload-Status") === "final",
  };
}

/** Sends the file's bytes from `from` on, chunk by chunk; a failed chunk is retried from the offset Storage reports. */
export async function sendFrom(
  session: string,
  file: Blob,
  from: number,
  options: ResumableOptions,
): Promise<void> {
  const send = options.fetch ?? fetch;
  const largest = options.chunkSize ?? DEFAULT_CHUNK;
  let chunk = Math.min(GRANULARITY, largest);
  const delays = options.retryDelays ?? [0, 1000, 3000, 5000];
  let offset = from;
  let tries = 0;
  options.onProgress(offset, file.size);
  while (true) {
    const end = Math.min(offset + chunk, file.size);
    const last = end === file.size;
    let response: Response | null = null;
    try {
      response = await send(session, {
        method: "POST",
        headers: {
          ...(await authHeader(options)),
          "X-Goog-Upload-Command": last ? "upload, finalize" : "upload",
          "X-Goog-Upload-Offset": String(offset),
        },
        body: file.slice(offset, end),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
    if (response?.ok) {
      await response.body?.cancel();
      tries = 0;
      offset = end;
      chunk = Math.min(chunk * 2, largest);
      options.onProgress(offset, file.size);
      if (last) return;
      continue;
    }
    if (response && !retried(response.status)) await refuseUnlessOk(response);
    await response?.body?.cancel();
    if (tries >= delays.length) {
      throw new StorageRefusal(
        response?.status ?? 0,
        "The upload stopped: check the connection and send the file again.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, delays[tries++]));
    // Where to go on from: what Storage holds, not what was sent.
    const held = await querySession(session, options);
    if (!held)
      throw new StorageRefusal(404, "Firebase Storage no longer knows this upload: send the file again.");
    if (held.final) return;
    offset = held.received;
    options.onProgress(offset, file.size);
  }
}

const retried = (status: number) => status >= 500 || status === 408 || status === 429;

async function authHeader(options: ResumableOptions): Promise<Record<string, string>> {
  const value = await options.authorization?.();
  return value ? { Authorization: value } : {};
}

async function refuseUnlessOk(response: Response) {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  const code = response.status;
  throw new StorageRefusal(
    code,
    code === 401 || code === 403
      ? "Firebase Storage refused the upload: sign in again, or ask an administrator to check the bucket's rules."
      : `Firebase Storage refused the upload (${code}${text ? `: ${text.slice(0, 120)}` : ""}).`,
  );
}
