import { Upload } from "tus-js-client";
import { createTestApp, type DatabaseKind, signIn, type TestApp } from "./helpers";

// What the order-file suites share: a test app listening on a port (tus works on the raw request),
// the demo users' sessions, and an upload through the maintained tus client, as the app does.

export async function listeningApp(dbKind: DatabaseKind, options: Parameters<typeof createTestApp>[1]) {
  const t: TestApp = await createTestApp(dbKind, options);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/v1`;
  return {
    t,
    base,
    admin: await signIn(t.app, "admin@pressroom.test"),
    csr: await signIn(t.app, "csr@pressroom.test"),
    press: await signIn(t.app, "press@pressroom.test"),
    other: await signIn(t.app, "admin@other.test", 2),
  };
}

/** tus' Upload-Metadata header: each key and its base64 value. */
export const metadataOf = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** Bytes that differ position by position, so a resumed upload in the wrong place would show. */
export const bytes = (n: number, seed = 7) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + (i >> 8)) % 256));

/** Uploads `data` to the shop bucket; resolves with the upload's URL and the new file's id. */
export function tusUpload(
  base: string,
  token: string,
  data: Buffer,
  meta: Record<string, string>,
  options: { uploadUrl?: string; chunkSize?: number } = {},
) {
  return new Promise<{ url: string; fileId: number }>((resolve, reject) => {
    let fileId = 0;
    const upload = new Upload(data, {
      endpoint: `${base}/uploads/shop`,
      uploadUrl: options.uploadUrl,
      headers: { authorization: `Bearer ${token}` },
      metadata: meta,
      // tus-js-client takes an absent chunk size as one request, but an undefined one as no size at all.
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        const id = res.getHeader("Pressroom-File-Id");
        if (id) fileId = Number(id);
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url ?? "", fileId }),
    });
    upload.start();
  });
}
