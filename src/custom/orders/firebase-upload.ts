// An order file sent to Firebase Storage (the server's FILE_STORAGE=firebase): the server hands out the
// bucket and a path in the caller's tenant and order (POST /storage-uploads, with the same size, type and
// permission checks as any upload), the bytes go in chunks with Storage's resumable upload
// (storage-resumable.ts: pausable; a dropped chunk is retried from the offset Storage holds; the session kept
// so that a reload resumes it), and the server registers the stored object (POST /storage-uploads/register:
// checks its size and type, makes the order's file row, queues its thumbnail and preflight). Loaded only when
// such an upload starts.
import { ownerFields } from "./file-kinds";
import type { UploadRequest } from "./file-upload";
import {
  type KeptSession,
  keptSession,
  querySession,
  type ResumableOptions,
  type SessionStore,
  sendFrom,
  sessionKey,
  startSession,
} from "./storage-resumable";

/** The app's API, as the upload needs it (the app's fetch with the session; a test's own). */
export interface UploadApi {
  post<T>(resource: string, body: unknown): Promise<T>;
}

export interface FirebaseTarget {
  /** The Storage emulator's host:port; production's origin without it. */
  emulatorHost?: string;
  /** Where sessions are kept between pages: localStorage in the app. */
  sessions: SessionStore;
  authorization?: ResumableOptions["authorization"];
  chunkSize?: number;
  retryDelays?: number[];
}

interface Target {
  bucket: string;
  path: string;
  content_type: string;
}

const PRODUCTION_ORIGIN = "https://firebasestorage.googleapis.com";

/** Resolves with the new file's id; rejects with what the server or Storage said (an Error to show). */
export async function uploadThroughFirebase(
  request: UploadRequest,
  api: UploadApi,
  where: FirebaseTarget,
): Promise<number> {
  const { file } = request;
  const origin = where.emulatorHost ? `http://${where.emulatorHost}` : PRODUCTION_ORIGIN;
  const owner = request.orderId ?? `d${request.draft?.id}-${request.draft?.side}`;
  const key = sessionKey(owner, file, request.kind, request.itemId);
  let controller = new AbortController();
  const options = (): ResumableOptions => ({
    authorization: where.authorization,
    chunkSize: where.chunkSize,
    retryDelays: where.retryDelays,
    signal: controller.signal,
    onProgress: (sent, total) => request.onProgress(total ? Math.floor((sent / total) * 100) : 0),
  });

  // A session this file left unfinished on an earlier page, if Storage still holds it; else a new one.
  let session = keptSession(where.sessions, key);
  let held = session ? await querySession(session.url, options()).catch(() => null) : null;
  if (!session || !held) {
    const { data: target } = await api.post<{ data: Target }>("storage-uploads", {
      ...ownerFields(request),
      kind: request.kind,
      filename: file.name,
      filetype: file.type,
      size: file.size,
      ...(request.itemId ? { item_id: request.itemId } : {}),
    });
    const resumable = { origin, bucket: target.bucket, path: target.path, contentType: target.content_type };
    const url = await startSession(resumable, file.size, options()).catch(sentence);
    session = {
      url,
      bucket: target.bucket,
      path: target.path,
      contentType: target.content_type,
      started: Date.now(),
    };
    where.sessions.setItem(key, JSON.stringify(session satisfies KeptSession));
    held = { received: 0, final: false };
  }

  let resumed: (() => void) | null = null;
  request.onControl?.({
    pause: () => controller.abort(),
    resume: () => resumed?.(),
  });
  try {
    while (!held.final) {
      try {
        await sendFrom(session.url, file, held.received, options());
        break;
      } catch (error) {
        if (!controller.signal.aborted) sentence(error);
        // Paused: wait for resume, then go on from what Storage holds.
        await new Promise<void>((resolve) => {
          resumed = resolve;
        });
        resumed = null;
        controller = new AbortController();
        const now = await querySession(session.url, options()).catch(sentence);
        if (!now) throw new Error("Firebase Storage no longer knows this upload: send the file again.");
        held = now;
      }
    }
  } finally {
    request.onControl?.(null);
  }
  const { data: registered } = await api.post<{ data: { id: number } }>("storage-uploads/register", {
    path: session.path,
    ...ownerFields(request),
    kind: request.kind,
    filename: file.name,
    ...(request.itemId ? { item_id: request.itemId } : {}),
  });
  where.sessions.removeItem(key);
  return registered.id;
}

/** Storage's refusal (storage-resumable.ts) as the Error the page shows. */
function sentence(error: unknown): never {
  throw new Error(
    error instanceof Error && error.name !== "AbortError" && error.name !== "TypeError"
      ? error.message
      : "The upload stopped: check the connection and send the file again.",
  );
}
