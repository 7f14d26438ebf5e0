// Hostile-input phase of the long reliability run: the fast suite's generated bodies and queries
// (tests/reliability/hostile-input.ts, fixed seed) sent over real HTTP to a real server, every
// declared kind, plus what only a socket can send (a chunked body past 1 MiB, a 64 KB URL).
// Never a 5xx; refusals as the contract says; the server still healthy at the end.
//   node --import tsx tests/reliability/http-probe.ts --data <dir> --out <json>
import fc from "fast-check";
import { loadRegistry } from "../../server/resources/model";
import { RecordFactory } from "../server/resource-factory";
import { listQueries, spoils } from "./hostile-input";
import { argument, Phase } from "./phase";
import { ProbeCounts, probeQuery, probeWrite } from "./probe";
import { httpSend, injectOver, newCounts, signInOver, startServer, stopServer } from "./real-server";
import { RecordBodies } from "./record-bodies";

const SEED = 20_251_123;
const RUNS = 4;
const phase = new Phase("http-probe");

await phase.run(async () => {
  const registry = await loadRegistry();
  const server = await startServer({ kind: "pglite", dataDir: argument("data") as string });
  const { token, userId } = await signInOver(server.baseUrl, "admin@pressroom.test");
  const http = newCounts();
  const send = httpSend(
    () => server.baseUrl,
    () => token,
    http,
  );
  const bodies = new RecordBodies(
    send,
    new RecordFactory(
      injectOver(() => server.baseUrl),
      token,
      registry,
      userId,
    ),
  );
  const counts = new ProbeCounts();

  for (const model of registry.models) {
    const path = model.resource.path;
    try {
      const make = await bodies.maker(model);
      await fc.assert(
        fc.asyncProperty(spoils(model, "create"), async (spoil) => {
          await probeWrite(send, counts, model, "POST", path, await make(), spoil);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      const record = await bodies.create(model);
      await fc.assert(
        fc.asyncProperty(spoils(model, "update"), async (spoil) => {
          const base = await bodies.updateBase(model, record.id);
          await probeWrite(send, counts, model, "PATCH", `${path}/${record.id}`, base, spoil);
        }),
        { seed: SEED + 1, numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(listQueries(model), async (query) => {
          await probeQuery(send, counts, model, `${path}?${query}`, 1);
        }),
        { seed: SEED + 2, numRuns: RUNS },
      );
    } catch (error) {
      phase.check(
        false,
        `${model.kind}: ${error instanceof Error ? error.message.split("\n").slice(0, 6).join("\n    ") : String(error)}`,
      );
    }
  }

  // A chunked body that never says its length, past 1 MiB: refused as it streams in.
  const chunk = "x".repeat(64 * 1024);
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"name":"'));
      for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode(chunk));
      controller.enqueue(new TextEncoder().encode('"}'));
      controller.close();
    },
  });
  // The server answers 413 and may close the connection while the body is still being sent: on a
  // loaded machine the client then sees the socket close instead of the answer. Both are a refusal;
  // the health check below shows the server stayed up.
  const chunked = await fetch(`${server.baseUrl}/api/v1/vendors`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit).catch((error: unknown) => ({ status: `closed while sending (${String(error)})` }));
  phase.check(
    chunked.status === 413 || typeof chunked.status === "string",
    `a chunked 2.5 MiB body: ${chunked.status}`,
  );
  const longUrl = await fetch(`${server.baseUrl}/api/v1/vendors?search=${"a".repeat(64 * 1024)}`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch((error: unknown) => ({ status: `refused (${String(error)})` }));
  phase.check(
    typeof longUrl.status === "string" || (longUrl.status >= 400 && longUrl.status < 500),
    `a 64 KB URL: ${longUrl.status}`,
  );
  const health = await fetch(`${server.baseUrl}/api/v1/health`);
  phase.check(health.status === 200, `health after the probe: ${health.status}`);
  await stopServer(server);

  Object.assign(phase.figures, {
    "probe: kinds probed": counts.kinds.size,
    "probe: hostile requests": counts.requests + 2,
    "probe: refused": counts.rejected,
    "probe: accepted (odd but valid)": counts.accepted,
    "probe: 5xx": http.serverErrors,
  });
  phase.check(
    counts.kinds.size === registry.models.length,
    `probed ${counts.kinds.size} of ${registry.models.length} kinds`,
  );
  phase.check(http.serverErrors === 0, `${http.serverErrors} answers were 5xx`);
});
