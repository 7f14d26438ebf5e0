// Crash phase of the long reliability run: kill -9 of the real server in the middle of a burst of
// creates with children (orders with their items), a restart on the same data, and then every
// acknowledged write must be there whole, no order without its items or its change-log entry,
// and writes that were in flight either whole or absent. Three cycles, then the same checks in
// SQL on the stopped store.
//   node --import tsx tests/reliability/crash.ts --store pglite --data <dir> --out <json>
//   node --import tsx tests/reliability/crash.ts --store postgres --url <url> --out <json>
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { RecordFactory } from "../server/resource-factory";
import type { Json } from "./hostile-input";
import { argument, Phase } from "./phase";
import {
  httpSend,
  injectOver,
  killServer,
  newCounts,
  type Running,
  type Store,
  signInOver,
  startServer,
  stopServer,
} from "./real-server";
import { RecordBodies } from "./record-bodies";

const CYCLES = 3;
const WORKERS = 8;
/** Kill once this many creates of the cycle were acknowledged (or after KILL_AFTER_MS). */
const KILL_AT_ACKS = 80;
const KILL_AFTER_MS = 15_000;

const storeKind = argument("store") === "postgres" ? "postgres" : "pglite";
const store: Store =
  storeKind === "postgres"
    ? { kind: "postgres", url: argument("url") as string }
    : { kind: "pglite", dataDir: argument("data") as string };
const phase = new Phase(`crash-${storeKind}`);

interface Sent {
  items: number;
  cycle: number;
  acked: boolean;
  id?: number;
}

await phase.run(async () => {
  const registry = await loadRegistry();
  const model = (registry.byKind.get("Order") ?? registry.byKind.get("Vendor")) as ResourceModel;
  const child = model.children[0];
  phase.notes.push(
    `crash-${storeKind}: bursts of ${model.plural}${child ? ` with their ${child.rowPlural}` : ""}, ${WORKERS} at a time, kill -9 after ${KILL_AT_ACKS} acknowledged (${CYCLES} cycles)`,
  );
  const titleField = model.resource.titleField;
  const tag = `K${Date.now().toString(36).slice(-5)}`;
  const sent = new Map<string, Sent>();
  const counts = newCounts();

  let server: Running = await startServer(store);
  let token = "";
  let userId = 0;
  const baseUrl = () => server.baseUrl;
  const send = httpSend(baseUrl, () => token, counts);
  const signIn = async () => {
    ({ token, userId } = await signInOver(server.baseUrl, "admin@pressroom.test"));
  };
  await signIn();
  const bodies = new RecordBodies(send, new RecordFactory(injectOver(baseUrl), token, registry, userId));
  const make = await bodies.maker(model);
  let restartMs = 0;

  const get = async (url: string) => {
    const res = await send("GET", url);
    return { status: res.status, json: res.status === 200 ? (JSON.parse(res.text) as Json) : {} };
  };

  /** The whole of a stored record with this title: found, its rows counted, its create logged. */
  const checkWhole = async (title: string, expected: Sent, where: string) => {
    const found = await get(`${model.resource.path}?search=${encodeURIComponent(title)}&limit=100`);
    const match = ((found.json.data as Json[]) ?? []).filter((r) => r[titleField] === title);
    if (match.length === 0) return false;
    phase.check(match.length === 1, `${where}: ${title} stored ${match.length} times`);
    const id = match[0].id as number;
    if (expected.id !== undefined)
      phase.check(id === expected.id, `${where}: ${title} has id ${id}, acknowledged ${expected.id}`);
    const record = await get(`${model.resource.path}/${id}`);
    phase.check(record.status === 200, `${where}: ${title} (${id}) reads ${record.status}`);
    if (child) {
      const rows = ((record.json.data as Json)?.[child.name] as Json[]) ?? [];
      phase.check(
        rows.length === expected.items,
        `${where}: ${title} has ${rows.length} of its ${expected.items} ${child.rowPlural}`,
      );
    }
    const logs = await get(`${model.resource.path}/${id}/change-logs?limit=100`);
    const actions = ((logs.json.data as Json[]) ?? []).map((l) => l.action);
    phase.check(
      actions.includes("create"),
      `${where}: ${title} (${id}) has no create entry in its change log`,
    );
    return true;
  };

  let acknowledged = 0;
  let foundAcked = 0;
  let inFlightWhole = 0;
  let inFlightAbsent = 0;

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    let stop = false;
    let acks = 0;
    let seq = 0;
    const started = Date.now();
    const worker = async (w: number) => {
      while (!stop) {
        const title = `${tag}-${cycle}${w}-${seq++}`;
        let body: Json;
        try {
          body = await make();
        } catch {
          return; // the server is gone
        }
        body[titleField] = title;
        const items = child ? 1 + (seq % 3) : 0;
        if (child) {
          const first = (body[child.name] as Json[])[0];
          body[child.name] = Array.from({ length: items }, (_, i) => ({
            ...first,
            [child.collection.titleField]: `${title} row ${i}`,
          }));
        }
        const entry: Sent = { items, cycle, acked: false };
        sent.set(title, entry);
        try {
          const res = await send("POST", model.resource.path, {
            text: JSON.stringify(body),
            contentType: "application/json",
          });
          if (res.status === 201) {
            entry.acked = true;
            entry.id = (JSON.parse(res.text) as { data: { id: number } }).data.id;
            acks += 1;
          } else
            phase.check(false, `cycle ${cycle}: create answered ${res.status} ${res.text.slice(0, 200)}`);
        } catch {
          return; // connection refused or reset: the kill
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    while (acks < KILL_AT_ACKS && Date.now() - started < KILL_AFTER_MS)
      await new Promise((r) => setTimeout(r, 20));
    await killServer(server);
    stop = true;
    await Promise.all(workers);
    const thisCycle = [...sent.entries()].filter(([, s]) => s.cycle === cycle);
    phase.log(`cycle ${cycle}: killed with ${acks} acknowledged, ${thisCycle.length - acks} in flight`);

    const restartStarted = Date.now();
    server = await startServer(store);
    restartMs = Math.max(restartMs, Date.now() - restartStarted);
    if (storeKind === "pglite") {
      phase.check(
        /Took over the data folder/.test(server.output()),
        `cycle ${cycle}: the restart did not report taking over the data folder`,
      );
    }
    await signIn();
    // Checked WORKERS at a time (each check reads the list, the record and its change log).
    const queue = [...thisCycle];
    const checker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [title, entry] = next;
        const whole = await checkWhole(title, entry, `cycle ${cycle}`);
        if (entry.acked) {
          acknowledged += 1;
          if (whole) foundAcked += 1;
          else
            phase.check(
              false,
              `cycle ${cycle}: acknowledged ${title} (${entry.id}) is gone after the restart`,
            );
        } else if (whole) inFlightWhole += 1;
        else inFlightAbsent += 1;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, checker));
  }
  await stopServer(server);

  // The same, in SQL, on the stopped store: nothing half-written anywhere.
  const parent = model.table.name;
  const queries = {
    tagged: `select count(*)::int as n from "${parent}" where "${titleField}" like '${tag}-%'`,
    withoutCreateLog: `select count(*)::int as n from "${parent}" p where p."${titleField}" like '${tag}-%'
      and not exists (select 1 from change_logs c where c.kind = '${model.kind}' and c.record_id = p.id and c.action = 'create')`,
    orphanRows: child
      ? `select count(*)::int as n from "${child.table.name}" r where not exists (select 1 from "${parent}" p where p.id = r.parent_id)`
      : "select 0 as n",
    rowCounts: child
      ? `select p."${titleField}" as title, count(r.id)::int as n from "${parent}" p left join "${child.table.name}" r on r.parent_id = p.id
         where p."${titleField}" like '${tag}-%' group by p."${titleField}"`
      : "select null as title, 0 as n where false",
  };
  const sqlResults: Record<string, { title?: string; n: number }[]> = {};
  if (store.kind === "pglite") {
    const db = new PGlite(path.join(store.dataDir, "pglite"));
    await db.waitReady;
    for (const [name, query] of Object.entries(queries))
      sqlResults[name] = (await db.query<{ title?: string; n: number }>(query)).rows;
    await db.close();
  } else {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    for (const [name, query] of Object.entries(queries)) sqlResults[name] = (await client.query(query)).rows;
    await client.end();
  }
  const tagged = sqlResults.tagged[0].n;
  phase.check(
    tagged === foundAcked + inFlightWhole,
    `SQL: ${tagged} tagged ${model.plural}, the API found ${foundAcked + inFlightWhole}`,
  );
  phase.check(
    sqlResults.withoutCreateLog[0].n === 0,
    `SQL: ${sqlResults.withoutCreateLog[0].n} ${model.plural} without their create log entry`,
  );
  phase.check(
    sqlResults.orphanRows[0].n === 0,
    `SQL: ${sqlResults.orphanRows[0].n} rows without their parent`,
  );
  for (const row of sqlResults.rowCounts) {
    const entry = sent.get(String(row.title));
    phase.check(
      entry !== undefined && entry.items === row.n,
      `SQL: ${row.title} has ${row.n} rows, sent ${entry?.items}`,
    );
  }

  Object.assign(phase.figures, {
    [`${storeKind}: kills`]: CYCLES,
    [`${storeKind}: writes acknowledged`]: acknowledged,
    [`${storeKind}: acknowledged found after restart`]: foundAcked,
    [`${storeKind}: in flight at the kill, whole`]: inFlightWhole,
    [`${storeKind}: in flight at the kill, absent`]: inFlightAbsent,
    [`${storeKind}: slowest restart (ms)`]: restartMs,
    [`${storeKind}: crash requests`]: counts.requests,
    [`${storeKind}: crash 5xx`]: counts.serverErrors,
  });
  phase.check(counts.serverErrors === 0, `${counts.serverErrors} answers were 5xx`);
  phase.check(
    acknowledged > 0 && foundAcked === acknowledged,
    `${foundAcked} of ${acknowledged} acknowledged writes found`,
  );
});
