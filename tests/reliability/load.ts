// Load phase of the long reliability run: 100 connections of mixed reads and writes against the
// real server for 60 s (after a short warm-up). No answer but 2xx and the expected 409s (two
// writers of one record), no failed connection, and no growth of the memory the server keeps
// between the first and the last 20 s: every 5 s a full garbage collection is forced through the
// server's inspector (it runs with --inspect on 127.0.0.1), then its RSS and JS heap are read.
// Its RSS is also sampled every second, for the figures.
//   node --import tsx tests/reliability/load.ts --store pglite --data <dir> --out <json>
//   (Node 20 needs --experimental-websocket for the inspector's WebSocket; the runner adds it.)
import http from "node:http";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { RecordFactory } from "../server/resource-factory";
import type { Json } from "./hostile-input";
import { Inspector, inspectorUrl } from "./inspector";
import { argument, Phase } from "./phase";
import {
  httpSend,
  injectOver,
  newCounts,
  rssOf,
  type Store,
  signInOver,
  startServer,
  stopServer,
} from "./real-server";
import { RecordBodies } from "./record-bodies";

const CONNECTIONS = 100;
/** Long enough for the code to be compiled and the pools and caches filled (`--warm-up` seconds). */
const WARM_UP_MS = Number(argument("warm-up") ?? 10) * 1000;
/** 60 s; `--seconds` runs it longer to look into memory. */
const DURATION_MS = Number(argument("seconds") ?? 60) * 1000;
const WINDOW_MS = 20_000;
const KEPT_EVERY_MS = 5_000;
/**
 * The memory check compares the medians of what the server keeps (measured right after a forced
 * full collection) in the first and the last 20 s: RSS (everything, PGlite's WebAssembly memory
 * too) and JS heap. Between collections the RSS is a sawtooth whose period (~50 s measured here
 * on PostgreSQL, ~90 MB deep) outlasts a window, so raw RSS windows differ by 20% with no leak;
 * what is kept after a full collection stayed within 1% over the minute on both stores. 10% of
 * the ~60 MB heap is ~150 KB/s over the 40 s between the windows: a few KB kept per request.
 */
const MAX_GROWTH = 0.1;

const storeKind = argument("store") === "postgres" ? "postgres" : "pglite";
const store: Store =
  storeKind === "postgres"
    ? { kind: "postgres", url: argument("url") as string }
    : { kind: "pglite", dataDir: argument("data") as string };
const phase = new Phase(`load-${storeKind}`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

await phase.run(async () => {
  const registry = await loadRegistry();
  const server = await startServer(store, {}, { nodeArgs: ["--inspect=127.0.0.1:0"] });
  const inspector = await Inspector.connect(inspectorUrl(server.output()));
  const { token, userId } = await signInOver(server.baseUrl, "admin@pressroom.test");
  const setupCounts = newCounts();
  const send = httpSend(
    () => server.baseUrl,
    () => token,
    setupCounts,
  );
  const factory = new RecordFactory(
    injectOver(() => server.baseUrl),
    token,
    registry,
    userId,
  );
  const bodies = new RecordBodies(send, factory);

  // What the load touches: every kind's list; records to read; a few kinds to create and to
  // update (a small shared pool, so that writers meet and some get their 409).
  const models = registry.models;
  const writeKinds = ["Vendor", "Customer", "Order", "Inventory"]
    .map((k) => registry.byKind.get(k as ResourceModel["kind"]))
    .filter((m): m is ResourceModel => m !== undefined);
  const makers = new Map<ResourceModel, () => Promise<Json>>();
  const pool: { model: ResourceModel; id: number }[] = [];
  for (const model of writeKinds) {
    makers.set(model, await bodies.maker(model));
    for (let i = 0; i < 5; i++) pool.push({ model, id: (await bodies.create(model)).id });
  }
  const readable: { model: ResourceModel; id: number }[] = [];
  for (const model of models) {
    const list = JSON.parse((await send("GET", `${model.resource.path}?limit=20`)).text).data as Json[];
    for (const row of list) readable.push({ model, id: row.id as number });
  }
  // Bodies made ahead: building one may create referenced records, which is not the load.
  const ready = new Map<ResourceModel, Json[]>();
  for (const model of writeKinds) {
    const list: Json[] = [];
    for (let i = 0; i < 50; i++) list.push(await (makers.get(model) as () => Promise<Json>)());
    ready.set(model, list);
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const base = new URL(server.baseUrl);
  const counts = {
    requests: 0,
    byStatus: new Map<number, number>(),
    networkErrors: 0,
    conflicts: 0,
    latencies: [] as number[],
  };
  const unexpected: string[] = [];
  const request = (method: string, url: string, body?: Json) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path: `/api/v1/${url}`,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload
              ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
  const SORTS = ["-id", "id", "-updated_at", "created_at"];
  /** One request of the mix: 45% lists, 25% single records, 15% creates, 15% updates. */
  const oneRequest = async (measure: boolean) => {
    const roll = Math.random();
    let method = "GET";
    let url: string;
    let body: Json | undefined;
    if (roll < 0.45) {
      const model = pick(models);
      url = `${model.resource.path}?page=${1 + Math.floor(Math.random() * 3)}&limit=25&sort=${pick(SORTS)}`;
    } else if (roll < 0.7) {
      const { model, id } = pick(readable);
      url = `${model.resource.path}/${id}`;
    } else if (roll < 0.85) {
      const model = pick(writeKinds);
      const list = ready.get(model) as Json[];
      body = { ...pick(list) };
      // Bodies are reused: every unique value made afresh.
      const n = factory.next();
      for (const [name, field] of Object.entries(model.fields)) {
        if (field.unique && !field.readOnly && name in body) body[name] = factory.value(field, name, n);
      }
      method = "POST";
      url = model.resource.path;
    } else {
      const { model, id } = pick(pool);
      const read = await request("GET", `${model.resource.path}/${id}`);
      if (measure) counts.requests += 1;
      const version = (JSON.parse(read.text) as { data: Json }).data.version;
      method = "PATCH";
      url = `${model.resource.path}/${id}`;
      body =
        model.kind === "Inventory"
          ? { version, on_hand: Math.floor(Math.random() * 1000) }
          : { version, [plainText(model)]: `Load ${Math.random()}` };
    }
    const sent = performance.now();
    const res = await request(method, url, body);
    if (!measure) return;
    counts.latencies.push(performance.now() - sent);
    counts.requests += 1;
    counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
    if (res.status === 409 && method === "PATCH") counts.conflicts += 1;
    else if (res.status < 200 || res.status >= 300) {
      if (unexpected.length < 20)
        unexpected.push(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    }
  };

  const rss: { at: number; bytes: number }[] = [];
  let measuring = false;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      try {
        await oneRequest(measuring);
      } catch (error) {
        if (measuring) {
          counts.networkErrors += 1;
          if (unexpected.length < 20) unexpected.push(`network: ${String(error)}`);
        }
      }
    }
  };
  phase.log(`warm-up ${WARM_UP_MS / 1000} s, then ${DURATION_MS / 1000} s of ${CONNECTIONS} connections`);
  const workers = Array.from({ length: CONNECTIONS }, worker);
  await new Promise((r) => setTimeout(r, WARM_UP_MS));
  measuring = true;
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const perSecond: number[] = [];
  let answered = 0;
  const sampler = setInterval(() => {
    rss.push({ at: elapsed(), bytes: rssOf(server.pid) });
    perSecond.push(counts.requests - answered);
    answered = counts.requests;
  }, 1000);
  rss.push({ at: 0, bytes: rssOf(server.pid) });
  // What the server keeps: a full collection at 0, 5, …, 60 s, then its memory.
  const kept: { at: number; rss: number; heap: number }[] = [];
  for (let at = 0; at <= DURATION_MS; at += KEPT_EVERY_MS) {
    await new Promise((r) => setTimeout(r, Math.max(0, at - elapsed())));
    const memory = await inspector.collectAndMeasure();
    kept.push({ at, rss: memory.rss, heap: memory.heapUsed });
  }
  clearInterval(sampler);
  measuring = false;
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  inspector.close(); // a server with a debugger attached waits for it to go before exiting
  await stopServer(server);

  const inWindow = (at: number, last: boolean) => (last ? at >= DURATION_MS - WINDOW_MS : at < WINDOW_MS);
  const keptIn = (last: boolean, of: "rss" | "heap") =>
    median(kept.filter((k) => inWindow(k.at, last)).map((k) => k[of]));
  const growth = (of: "rss" | "heap") => keptIn(true, of) / keptIn(false, of) - 1;
  const percent = (of: "rss" | "heap") => `${(growth(of) * 100).toFixed(1)}%`;
  const raw = rss.map((s) => s.bytes);
  const latency = [...counts.latencies].sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(latency[Math.min(latency.length - 1, Math.floor(latency.length * p))] ?? 0);
  const seconds = DURATION_MS / 1000;
  const serverErrors = [...counts.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  Object.assign(phase.figures, {
    [`${storeKind}: load requests`]: counts.requests,
    [`${storeKind}: load requests/s`]: Math.round(counts.requests / seconds),
    [`${storeKind}: load 5xx`]: serverErrors,
    [`${storeKind}: load conflicts (409)`]: counts.conflicts,
    [`${storeKind}: load network errors`]: counts.networkErrors,
    [`${storeKind}: load latency p50 / p95 / max (ms)`]: `${percentile(0.5)} / ${percentile(0.95)} / ${percentile(1)}`,
    [`${storeKind}: RSS at start (MB)`]: mb(kept[0]?.rss ?? 0),
    [`${storeKind}: RSS at end (MB)`]: mb(kept.at(-1)?.rss ?? 0),
    [`${storeKind}: kept RSS / heap, medians of the first 20 s (MB)`]: `${mb(keptIn(false, "rss"))} / ${mb(keptIn(false, "heap"))}`,
    [`${storeKind}: kept RSS / heap, medians of the last 20 s (MB)`]: `${mb(keptIn(true, "rss"))} / ${mb(keptIn(true, "heap"))}`,
    [`${storeKind}: kept RSS / heap growth`]: `${percent("rss")} / ${percent("heap")}`,
    [`${storeKind}: RSS between collections, low / high (MB)`]: `${mb(Math.min(...raw))} / ${mb(Math.max(...raw))}`,
  });
  phase.notes.push(
    `load-${storeKind}: memory kept after a full collection (s: RSS / heap MB): ${kept.map((k) => `${k.at / 1000}: ${mb(k.rss)} / ${mb(k.heap)}`).join(", ")}`,
    `load-${storeKind}: statuses ${[...counts.byStatus].map(([s, n]) => `${s}×${n}`).join(", ")}; RSS every second (MB): ${raw.map(mb).join(" ")}; answers a second: ${perSecond.join(" ")}`,
  );
  phase.check(unexpected.length === 0, `unexpected answers under load:\n    ${unexpected.join("\n    ")}`);
  phase.check(counts.networkErrors === 0, `${counts.networkErrors} requests failed to connect or were cut`);
  for (const of of ["rss", "heap"] as const)
    phase.check(
      growth(of) <= MAX_GROWTH,
      `the ${of === "rss" ? "RSS" : "JS heap"} kept after a full collection grew ${percent(of)} between the first and the last 20 s (limit ${MAX_GROWTH * 100}%)`,
    );
  phase.check(kept.length >= 2 * (WINDOW_MS / KEPT_EVERY_MS), `too few memory samples (${kept.length})`);
});

/** A plain text field a PATCH can change (the title, failing anything better). */
function plainText(model: ResourceModel): string {
  const entry = Object.entries(model.fields).find(
    ([, f]) => (f.type === "text" || f.type === "longText") && !f.unique && !f.readOnly && !f.pattern,
  );
  return entry ? entry[0] : model.resource.titleField;
}
