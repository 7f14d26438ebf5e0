// A resumable upload of one file to the order's files, to wherever the server keeps them (GET
// /files/storage, asked once): its embedded store through the tus protocol (tus-js-client loaded only
// when a file is sent), or Firebase Storage with Firebase's resumable upload (firebase-upload.ts,
// loaded likewise). Either way the client remembers an unfinished upload in localStorage by the order
// and the file's fingerprint: choosing the same file again after an interruption (a dropped
// connection, a reload, a closed tab) resumes at the offset the store holds instead of starting over.
import { firebaseAuthorization } from "../../providers/firebase";
import { ApiError, apiUrl, postJson } from "../../providers/post-json";
import { getSessionToken } from "../../providers/session";
import { type ArtworkSide, bucketOf, type FileKind, ownerFields } from "./file-kinds";

/** Pause and resume of a running upload. */
export interface UploadControl {
  pause(): void;
  resume(): void;
}

export interface UploadRequest {
  file: File;
  /** The order the file goes to; or, before there is an order, a saved tool job's side (draft). */
  orderId?: number;
  draft?: { id: number; side: ArtworkSide };
  kind: FileKind;
  itemId?: number | null;
  onProgress(percent: number): void;
  /** The running upload's pause and resume; null once it has ended. */
  onControl?(control: UploadControl | null): void;
}

type Storage = { provider: "embedded" } | { provider: "firebase"; emulator_host?: string };
let storage: Promise<Storage> | null = null;

/** Where the server keeps files: asked once per page load (a failed answer is asked again next time). */
function storageOf(): Promise<Storage> {
  if (!storage) {
    storage = fetch(apiUrl("files/storage"), {
      headers: { Accept: "application/json", Authorization: `Bearer ${getSessionToken() ?? ""}` },
    }).then(async (response) => {
      if (!response.ok) throw new Error("The server did not say where files are stored: try again.");
      return ((await response.json()) as { data: Storage }).data;
    });
    storage.catch(() => {
      storage = null;
    });
  }
  return storage;
}

/** The server's JSON error body in words: its field messages, else its message. */
export function serverSentence(body: unknown): string | undefined {
  const parsed = body as { message?: string; errors?: { message: string }[] } | undefined;
  const fields = (parsed?.errors ?? []).map((e) => e.message);
  return fields.length > 0 ? fields.join(" ") : parsed?.message;
}

/** The server's words for a refused upload (its JSON error body), else tus' own. */
function refusal(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } })
    .originalResponse;
  const body = response?.getBody();
  if (body) {
    try {
      return serverSentence(JSON.parse(body)) ?? body;
    } catch {
      return body.trim();
    }
  }
  return "The upload stopped: check the connection and choose the file again to resume.";
}

/** Resolves with the new file's id once every byte is stored; rejects with a sentence to show. */
export async function uploadOrderFile(request: UploadRequest): Promise<number> {
  const where = await storageOf();
  if (where.provider === "firebase") {
    const { uploadThroughFirebase } = await import("./firebase-upload");
    const api = {
      post: <T>(resource: string, body: unknown) =>
        postJson<T>(resource, body).catch((error: unknown) => {
          throw new Error(
            (error instanceof ApiError && serverSentence(error.body)) ||
              "The server could not be reached: check the connection and send the file again.",
          );
        }),
    };
    return uploadThroughFirebase(request, api, {
      emulatorHost: where.emulator_host,
      sessions: window.localStorage,
      authorization: firebaseAuthorization,
    });
  }
  return uploadWithTus(request);
}

async function uploadWithTus(request: UploadRequest): Promise<number> {
  const { Upload } = await import("tus-js-client");
  return new Promise<number>((resolve, reject) => {
    let fileId = 0;
    const upload = new Upload(request.file, {
      endpoint: apiUrl(`uploads/${bucketOf(request.kind)}`),
      headers: { Authorization: `Bearer ${getSessionToken() ?? ""}` },
      metadata: {
        ...ownerFields(request),
        kind: request.kind,
        filename: request.file.name,
        filetype: request.file.type,
        ...(request.itemId ? { item_id: String(request.itemId) } : {}),
      },
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => request.onProgress(total ? Math.floor((sent / total) * 100) : 0),
      onAfterResponse: (_req, res) => {
        const id = res.getHeader("Pressroom-File-Id");
        if (id) fileId = Number(id);
      },
      onError: (error) => {
        request.onControl?.(null);
        reject(new Error(refusal(error)));
      },
      onSuccess: () => {
        request.onControl?.(null);
        resolve(fileId);
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
      // abort() keeps what the server holds; start() asks for its offset and goes on from there.
      request.onControl?.({ pause: () => void upload.abort(), resume: () => upload.start() });
    });
  });
}
