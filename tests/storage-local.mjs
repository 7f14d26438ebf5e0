// A local stand-in for Firebase Storage's REST API (the Storage emulator cannot run here: it downloads a
// Java rules runtime), answering the requests the Firebase web SDK (firebase/storage) and the server's
// adapter (server/files/firebase-storage.ts) make, with their documented headers and JSON shapes:
//   POST /v0/b/{bucket}/o?name={path}   X-Goog-Upload-Protocol: resumable + X-Goog-Upload-Command: start
//        → X-Goog-Upload-Status: active, X-Goog-Upload-URL: the session's URL
//        (X-Goog-Upload-Protocol: multipart: a small file in one multipart/related request → its metadata)
//   POST {session URL}   X-Goog-Upload-Command: upload | upload, finalize | finalize (X-Goog-Upload-Offset)
//        → X-Goog-Upload-Status: active, or final with the object's metadata; query
//        → X-Goog-Upload-Size-Received
//   GET  /v0/b/{bucket}/o/{path}            the object's metadata (404 when there is none)
//   GET  /v0/b/{bucket}/o/{path}?alt=media  its bytes
//   DELETE /v0/b/{bucket}/o/{path}          removes it (204; 404 when there is none)
// `failUploadAt(offset)` makes the first upload chunk at or past that offset answer 503 without keeping
// its bytes (a dropped chunk): the SDK then asks where to resume (query) and goes on from there.
// CORS is open, as the emulator's is. A test fixture, never part of the product.
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";

const EXPOSED =
  "X-Goog-Upload-URL, X-Goog-Upload-Status, X-Goog-Upload-Size-Received, X-Goog-Upload-Chunk-Granularity";

function metadataOf(bucket, name, object) {
  const md5 = createHash("md5").update(object.bytes).digest("base64");
  return {
    name,
    bucket,
    generation: String(object.generation),
    metageneration: "1",
    contentType: object.contentType,
    timeCreated: object.created,
    updated: object.created,
    storageClass: "STANDARD",
    size: String(object.bytes.length),
    md5Hash: md5,
    contentEncoding: "identity",
    contentDisposition: "inline",
    crc32c: "",
    etag: md5,
    downloadTokens: object.token,
  };
}

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/** A multipart/related body: the metadata part (JSON), then the file's part. */
function splitMultipart(body, contentType) {
  const boundary = /boundary=([^;]+)/.exec(contentType ?? "")?.[1];
  if (!boundary) return null;
  const text = body.toString("latin1");
  const parts = text.split(`--${boundary}`).slice(1, -1);
  if (parts.length !== 2) return null;
  const [meta, file] = parts.map((p) => {
    const at = p.indexOf("\r\n\r\n");
    return { head: p.slice(0, at), body: p.slice(at + 4, p.length - 2) };
  });
  return {
    metadata: JSON.parse(Buffer.from(meta.body, "latin1").toString("utf8")),
    contentType: /Content-Type:\s*([^\r\n]+)/i.exec(file.head)?.[1] ?? "application/octet-stream",
    bytes: Buffer.from(file.body, "latin1"),
  };
}

export async function startStorageLocal(options = {}) {
  /** bucket → path → { bytes, contentType, generation, created, token } */
  const buckets = new Map();
  const sessions = new Map();
  const requests = [];
  let failAt = null;
  let generation = 1;

  const put = (bucket, name, bytes, contentType) => {
    if (!buckets.has(bucket)) buckets.set(bucket, new Map());
    const object = {
      bytes: Buffer.from(bytes),
      contentType: contentType || "application/octet-stream",
      generation: generation++,
      created: new Date().toISOString(),
      token: randomUUID(),
    };
    buckets.get(bucket).set(name, object);
    return metadataOf(bucket, name, object);
  };
  const json = (res, status, body, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
  };
  const notFound = (res) => json(res, 404, { error: { code: 404, message: "Not Found." } });

  const server = createServer(async (req, res) => {
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    res.setHeader("access-control-expose-headers", EXPOSED);
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const command = String(req.headers["x-goog-upload-command"] ?? "");
    const body = await readBody(req);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      command,
      offset: req.headers["x-goog-upload-offset"] ?? null,
      bytes: body.length,
      authorization: req.headers.authorization ?? null,
    });
    try {
      const session = /^\/upload\/([\w-]+)$/.exec(url.pathname);
      if (session && req.method === "POST")
        return continueUpload(req, res, sessions.get(session[1]), command, body);
      const bucketOnly = /^\/v0\/b\/([^/]+)\/o$/.exec(url.pathname);
      if (bucketOnly && req.method === "POST")
        return startUpload(req, res, decodeURIComponent(bucketOnly[1]), url, command, body);
      const object = /^\/v0\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
      if (object && req.method === "DELETE") {
        const removed = buckets.get(decodeURIComponent(object[1]))?.delete(decodeURIComponent(object[2]));
        if (!removed) return notFound(res);
        res.writeHead(204);
        res.end();
        return;
      }
      if (object && req.method === "GET") {
        const bucket = decodeURIComponent(object[1]);
        const name = decodeURIComponent(object[2]);
        const found = buckets.get(bucket)?.get(name);
        if (!found) return notFound(res);
        if (url.searchParams.get("alt") === "media") {
          res.writeHead(200, {
            "content-type": found.contentType,
            "content-length": String(found.bytes.length),
          });
          res.end(found.bytes);
          return;
        }
        return json(res, 200, metadataOf(bucket, name, found));
      }
      return notFound(res);
    } catch (error) {
      json(res, 400, { error: { code: 400, message: String(error) } });
    }
  });

  function startUpload(req, res, bucket, url, command, body) {
    const protocol = String(req.headers["x-goog-upload-protocol"] ?? "");
    if (protocol === "multipart") {
      const parts = splitMultipart(body, req.headers["content-type"]);
      if (!parts) return json(res, 400, { error: { code: 400, message: "Bad multipart body." } });
      const name = url.searchParams.get("name") ?? parts.metadata.name;
      return json(res, 200, put(bucket, name, parts.bytes, parts.metadata.contentType ?? parts.contentType));
    }
    if (protocol !== "resumable" || command !== "start") {
      return json(res, 400, { error: { code: 400, message: "Unsupported upload protocol." } });
    }
    const meta = body.length ? JSON.parse(body.toString("utf8")) : {};
    const id = randomUUID();
    sessions.set(id, {
      bucket,
      name: url.searchParams.get("name") ?? meta.name,
      size: Number(req.headers["x-goog-upload-header-content-length"] ?? meta.size ?? 0),
      contentType: String(req.headers["x-goog-upload-header-content-type"] ?? meta.contentType ?? ""),
      chunks: [],
      received: 0,
      final: null,
    });
    res.writeHead(200, {
      "x-goog-upload-status": "active",
      "x-goog-upload-url": `http://${req.headers.host}/upload/${id}`,
      "x-goog-upload-chunk-granularity": String(256 * 1024),
    });
    res.end();
  }

  function continueUpload(req, res, session, command, body) {
    if (!session) return notFound(res);
    const status = (s) => ({
      "x-goog-upload-status": s,
      "x-goog-upload-size-received": String(session.received),
    });
    if (command === "query") {
      res.writeHead(200, status(session.final ? "final" : "active"));
      res.end();
      return;
    }
    if (session.final) return json(res, 200, session.final, status("final"));
    const offset = Number(req.headers["x-goog-upload-offset"]);
    if (offset !== session.received) {
      return json(res, 400, {
        error: { code: 400, message: `Offset ${offset} is not ${session.received}.` },
      });
    }
    if (body.length > 0 && failAt !== null && offset + body.length > failAt) {
      failAt = null;
      return json(res, 503, { error: { code: 503, message: "Service Unavailable." } });
    }
    if (body.length > 0) {
      session.chunks.push(body);
      session.received += body.length;
    }
    if (command.includes("finalize")) {
      if (session.received !== session.size) {
        return json(res, 400, { error: { code: 400, message: "The upload is short of its size." } });
      }
      session.final = put(session.bucket, session.name, Buffer.concat(session.chunks), session.contentType);
      return json(res, 200, session.final, status("final"));
    }
    res.writeHead(200, status("active"));
    res.end();
  }

  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = server.address().port;
  return {
    host: `127.0.0.1:${port}`,
    port,
    requests,
    put,
    object: (bucket, name) => buckets.get(bucket)?.get(name) ?? null,
    failUploadAt(offset) {
      failAt = offset;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run as a process (the e2e run, playwright.config.ts): on STORAGE_LOCAL_PORT.
if (import.meta.url === `file://${process.argv[1]}`) {
  const local = await startStorageLocal({ port: Number(process.env.STORAGE_LOCAL_PORT ?? 0) });
  console.log(`Local Firebase Storage API at http://${local.host}`);
  const stop = () => void local.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
