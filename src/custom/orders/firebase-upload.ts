// An order file sent to Firebase Storage (the server's FILE_STORAGE=firebase): the server hands out the
// bucket and a path in the caller's tenant and order (POST /storage-uploads, with the same size, type and
// permission checks as any upload), firebase/storage's uploadBytesResumable sends the bytes in chunks
// (pausable; a dropped chunk is retried from the offset Storage holds), and the server registers the
// stored object (POST /storage-uploads/register: checks its size and type, makes the order's file row,
// queues preflight). Loaded only when such an upload starts: firebase/storage stays out of the first load.
import type { FirebaseApp } from "firebase/app";
import { ownerFields } from "./file-kinds";
import type { UploadRequest } from "./file-upload";

/** The app's API, as the upload needs it (the app's fetch with the session; a test's own). */
export interface UploadApi {
  post<T>(resource: string, body: unknown): Promise<T>;
}

interface Target {
  bucket: string;
  path: string;
  content_type: string;
}

const emulated = new WeakSet<object>();

/** Resolves with the new file's id; rejects with what the server or Storage said (an Error to show). */
export async function uploadThroughFirebase(
  request: UploadRequest,
  api: UploadApi,
  app: FirebaseApp,
  emulatorHost?: string,
): Promise<number> {
  const { data: target } = await api.post<{ data: Target }>("storage-uploads", {
    ...ownerFields(request),
    kind: request.kind,
    filename: request.file.name,
    filetype: request.file.type,
    size: request.file.size,
    ...(request.itemId ? { item_id: request.itemId } : {}),
  });
  const sdk = await import("firebase/storage");
  const storage = sdk.getStorage(app, `gs://${target.bucket}`);
  if (emulatorHost && !emulated.has(storage)) {
    const [host, port] = emulatorHost.split(":");
    sdk.connectStorageEmulator(storage, host, Number(port));
    emulated.add(storage);
  }
  const task = sdk.uploadBytesResumable(sdk.ref(storage, target.path), request.file, {
    contentType: target.content_type,
  });
  request.onControl?.({ pause: () => task.pause(), resume: () => task.resume() });
  task.on("state_changed", (snapshot) =>
    request.onProgress(
      snapshot.totalBytes ? Math.floor((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0,
    ),
  );
  try {
    await task;
  } catch (error) {
    throw new Error(storageSentence((error as { code?: string }).code));
  } finally {
    request.onControl?.(null);
  }
  const { data: file } = await api.post<{ data: { id: number } }>("storage-uploads/register", {
    path: target.path,
    ...ownerFields(request),
    kind: request.kind,
    filename: request.file.name,
    ...(request.itemId ? { item_id: request.itemId } : {}),
  });
  return file.id;
}

/** firebase/storage's error codes (https://firebase.google.com/docs/storage/web/handle-errors) in words. */
function storageSentence(code: string | undefined): string {
  switch (code) {
    case "storage/unauthorized":
    case "storage/unauthenticated":
      return "Firebase Storage refused the upload: sign in again, or ask an administrator to check the bucket's rules.";
    case "storage/canceled":
      return "The upload was cancelled.";
    case "storage/quota-exceeded":
      return "The storage bucket is full: ask an administrator to raise its quota.";
    default:
      return "The upload stopped: check the connection and send the file again.";
  }
}
