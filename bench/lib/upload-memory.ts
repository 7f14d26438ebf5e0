// A 1 GiB file uploaded through the embedded store's resumable uploads (tus, POST /api/v1/uploads/shop) while the
// server's memory is sampled (issue 19: within 50 MB of its idle size): the first half in one PATCH whose connection
// is then cut, the offset read back with HEAD, the rest sent from there. The bytes come from a generator, so the
// benchmark holds one 1 MiB chunk at a time too.
import { request as httpRequest } from "node:http";
import { type RunningServer, rssMb, sampleRss } from "./server";

export interface UploadFigures {
  mb: number;
  seconds: number;
  /** Where the cut upload resumed (HEAD's Upload-Offset), MB. */
  resumedAtMb: number;
  idleRssMb: number;
  peakRssMb: number;
}

const CHUNK = 1024 * 1024;
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** PATCHes `bytes` from `offset`; with `cutAfter`, the connection is destroyed once that many are written. */
function patch(url: string, token: string, offset: number, bytes: number, cutAfter?: number): Promise<void> {
  const chunk = Buffer.alloc(CHUNK, 0x42);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${token}`,
        "tus-resumable": "1.0.0",
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
        "content-length": String(bytes),
      },
    });
    let written = 0;
    req.on("response", (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 204 ? resolve() : reject(new Error(`PATCH answered ${res.statusCode}`)),
      );
    });
    req.on("error", (error) => (cutAfter === undefined ? reject(error) : resolve()));
    const pump = () => {
      while (written < bytes) {
        if (cutAfter !== undefined && written >= cutAfter) {
          // Let the server take in what was sent, then drop the connection as a network would.
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 500);
          return;
        }
        const size = Math.min(CHUNK, bytes - written);
        written += size;
        if (!req.write(size === CHUNK ? chunk : chunk.subarray(0, size))) {
          req.once("drain", pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

export async function timeUpload(server: RunningServer, token: string, mb = 1024): Promise<UploadFigures> {
  const api = `${server.url}/api/v1`;
  const auth = { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" };
  const orders = (await (await fetch(`${api}/orders?limit=1`, { headers: auth })).json()) as {
    data: { id: number }[];
  };
  const size = mb * CHUNK;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRssMb = rssMb(server.pid);
  const sampler = sampleRss(() => [server.pid], 100);
  const started = performance.now();
  const created = await fetch(`${api}/uploads/shop`, {
    method: "POST",
    headers: {
      ...auth,
      "upload-length": String(size),
      "upload-metadata": metadata({
        order_id: String(orders.data[0].id),
        kind: "other",
        filename: "bench-1gb.zip",
        filetype: "application/zip",
      }),
    },
  });
  if (created.status !== 201)
    throw new Error(`POST uploads answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get("location") ?? "", `${api}/uploads/shop`).toString();
  await patch(location, token, 0, size, size / 2);
  const head = await fetch(location, { method: "HEAD", headers: auth });
  const offset = Number(head.headers.get("upload-offset"));
  if (!(offset > 0 && offset < size)) throw new Error(`the cut upload stands at ${offset} bytes`);
  await patch(location, token, offset, size - offset);
  const seconds = (performance.now() - started) / 1000;
  const peak = sampler.stop().get(server.pid) ?? 0;
  return {
    mb,
    seconds: Math.round(seconds * 10) / 10,
    resumedAtMb: Math.round((offset / CHUNK) * 10) / 10,
    idleRssMb,
    peakRssMb: peak,
  };
}
