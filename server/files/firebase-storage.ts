import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Bucket } from "../../src/custom/orders/file-kinds";
import type { FileStorageConfig } from "../config";
import type { FileStorage } from "./storage";

// Firebase Storage, read by the server through the Storage REST API (the endpoints the Firebase SDK
// itself calls): GET /v0/b/{bucket}/o/{path} for an object's metadata, and ?alt=media for its bytes,
// streamed from the response body. Not the firebase/storage SDK here: it acts as a signed-in app user
// under the security rules (the server has none), and its Node downloads (getBytes, getStream) either
// buffer the whole object or are limited to it; the REST API takes the service account's OAuth token
// (admin access, as the Admin SDKs use it) and streams. Files are written by the app (storage-uploads.ts); the
// server writes only the small objects it makes itself (thumbnails: one multipart/related POST to
// /v0/b/{bucket}/o?name={path}, the SDK's own request for a small file) and deletes what it refused to
// register (DELETE on the same path).

type FirebaseSetting = Extract<FileStorageConfig, { provider: "firebase" }>;

const PRODUCTION_ORIGIN = "https://firebasestorage.googleapis.com";

export function firebaseStorage(setting: FirebaseSetting): FileStorage {
  const origin = setting.emulatorHost ? `http://${setting.emulatorHost}` : PRODUCTION_ORIGIN;
  const token = accessToken(setting);
  const objectUrl = (bucket: Bucket, key: string) =>
    `${origin}/v0/b/${encodeURIComponent(setting.buckets[bucket])}/o/${encodeURIComponent(key)}`;
  const get = async (url: string) =>
    fetch(url, {
      headers: { authorization: `Bearer ${await token()}` },
      signal: AbortSignal.timeout(60_000),
    });

  return {
    provider: "firebase",
    async stat(bucket, key) {
      const response = await get(objectUrl(bucket, key));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await storageError(response, "read the metadata of", key);
      const meta = (await response.json()) as { size?: string | number; contentType?: string };
      return {
        size: Number(meta.size ?? 0),
        contentType: meta.contentType ?? "application/octet-stream",
      };
    },
    async open(bucket, key) {
      const response = await fetch(`${objectUrl(bucket, key)}?alt=media`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      if (!response.ok || !response.body) throw await storageError(response, "read", key);
      return Readable.fromWeb(response.body as WebReadableStream);
    },
    async put(bucket, key, bytes, contentType) {
      const boundary = `pressroom-${randomUUID()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name: key, contentType })}\r\n` +
            `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--`),
      ]);
      const bucketUrl = `${origin}/v0/b/${encodeURIComponent(setting.buckets[bucket])}/o`;
      const response = await fetch(`${bucketUrl}?name=${encodeURIComponent(key)}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await token()}`,
          "content-type": `multipart/related; boundary=${boundary}`,
          "x-goog-upload-protocol": "multipart",
        },
        body,
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok) throw await storageError(response, "store", key);
      await response.body?.cancel();
    },
    async remove(bucket, key) {
      const response = await fetch(objectUrl(bucket, key), {
        method: "DELETE",
        headers: { authorization: `Bearer ${await token()}` },
        signal: AbortSignal.timeout(60_000),
      });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw await storageError(response, "delete", key);
    },
  };
}

async function storageError(response: Response, action: string, key: string): Promise<Error> {
  const text = await response.text().catch(() => "");
  return new Error(`Firebase Storage could not ${action} ${key}: ${response.status} ${text.slice(0, 200)}`);
}

/**
 * The bearer token of the server's requests: the emulator takes "owner" (as the Admin SDKs send it);
 * Firebase Storage takes the service account's OAuth access token, cached until a minute before it expires.
 */
function accessToken(setting: FirebaseSetting): () => Promise<string> {
  if (setting.emulatorHost || !setting.serviceAccount) return async () => "owner";
  const account = setting.serviceAccount;
  let cached: { token: string; until: number } | null = null;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.token;
    const { cert } = await import("firebase-admin/app");
    const answer = await cert(account as Parameters<typeof cert>[0]).getAccessToken();
    cached = { token: answer.access_token, until: Date.now() + (answer.expires_in - 60) * 1000 };
    return cached.token;
  };
}
