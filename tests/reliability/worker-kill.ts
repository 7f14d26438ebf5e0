// Worker phase of the long reliability run (issue 20): the real server on PostgreSQL with two worker processes
// (WEB_CONCURRENCY=2, Node's cluster), kill -9 of one worker in the middle of a load of creates (orders with two
// items) and reads. Then: the primary replaced it and the replacement answers; the other worker kept answering
// (no pause between answers longer than MAX_PAUSE_MS, answers in the second after the kill); no answer was a
// 5xx; every acknowledged create is stored whole (its items and its change-log entry), and the creates cut off
// by the kill are whole or absent.
//   node --import tsx tests/reliability/worker-kill.ts --url <postgres url> --out <json>
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { buildServer } from "../../scripts/build-server.mjs";
import { argument, Phase } from "./phase";
import { signInOver, startServer, stopServer } from "./real-server";

const WRITERS = 8;
const READERS = 4;
const BEFORE_KILL_MS = 4_000;
const AFTER_KILL_MS = 8_000;
/**
 * The longest the service may go without answering anyone after the kill (the other worker answers
 * throughout), or twice the longest pause before the kill when the machine is that slow anyway.
 */
const MAX_PAUSE_MS = 1_000;
const REPLACED_WITHIN_MS = 60_000;

const url = argument("url") as string;
const phase = new Phase("workers-postgres");

function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  acked: boolean;
  id?: number;
  /** A network error (the kill): the create may or may not have been committed. */
  cut: boolean;
}

await phase.run(async () => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const {
      rows: [pick],
    } = await db.query<{ customer: number; product: number }>(
      `select (select id from customers where tenant_id = 1 and status = 'active' and coalesce(credit_limit, 0) = 0
               order by id limit 1) as customer,
              (select id from products where tenant_id = 1 and active order by id limit 1) as product`,
    );
    // As npm start runs it: the bundle, whose workers start in a few seconds.
    if ((await buildServer()) !== 0) throw new Error("the server could not be bundled");
    const server = await startServer({ kind: "postgres", url }, { WEB_CONCURRENCY: "2" }, { bundle: true });
    const workers = childrenOf(server.pid);
    phase.check(workers.length === 2, `the primary runs ${workers.length} workers, not 2`);
    const { token } = await signInOver(server.baseUrl, "admin@pressroom.test");
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const tag = `W${Date.now().toString(36).slice(-5)}`;
    const sent = new Map<string, Sent>();
    const answeredAt: number[] = [];
    let serverErrors = 0;
    let cutRequests = 0;
    let stop = false;
    const request = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.baseUrl}/api/v1/${path}`, { ...init, headers });
      const text = await res.text();
      answeredAt.push(Date.now());
      if (res.status >= 500) serverErrors += 1;
      return { status: res.status, text };
    };

    const writer = async (w: number) => {
      for (let seq = 0; !stop; seq += 1) {
        const number = `${tag}-${w}-${seq}`;
        const entry: Sent = { acked: false, cut: false };
        sent.set(number, entry);
        const body = {
          order_number: number,
          customer_id: pick.customer,
          ordered_at: new Date().toISOString(),
          items: [
            { product_id: pick.product, description: `${number} cards`, quantity: 500 },
            { product_id: pick.product, description: `${number} flyers`, quantity: 250 },
          ],
        };
        try {
          const res = await request("orders", { method: "POST", body: JSON.stringify(body) });
          if (res.status === 201) {
            entry.acked = true;
            entry.id = (JSON.parse(res.text) as { data: { id: number } }).data.id;
          } else phase.check(false, `create answered ${res.status} ${res.text.slice(0, 200)}`);
        } catch {
          entry.cut = true;
          cutRequests += 1;
        }
      }
    };
    const reader = async (r: number) => {
      for (let seq = 0; !stop; seq += 1) {
        try {
          const res = await request(
            seq % 2 === 0 ? `orders?sort=-ordered_at&limit=10&page=${1 + ((r + seq) % 20)}` : "orders/1",
          );
          phase.check(res.status === 200 || res.status === 404, `read answered ${res.status}`);
        } catch {
          cutRequests += 1;
        }
      }
    };
    const load = [
      ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
      ...Array.from({ length: READERS }, (_, r) => reader(r)),
    ];
    await sleep(BEFORE_KILL_MS);
    const killed = workers[0];
    const killedAt = Date.now();
    process.kill(killed, "SIGKILL");
    phase.log(`killed worker ${killed} under load`);
    let replacement: number | undefined;
    let replacedMs = -1;
    while (
      Date.now() - killedAt < AFTER_KILL_MS ||
      (replacedMs < 0 && Date.now() - killedAt < REPLACED_WITHIN_MS)
    ) {
      await sleep(50);
      if (replacedMs < 0 && server.output().includes(`(replacing worker ${killed})`)) {
        replacedMs = Date.now() - killedAt;
        replacement = childrenOf(server.pid).find((pid) => !workers.includes(pid));
      }
    }
    stop = true;
    await Promise.all(load);
    const stoppedAt = Date.now();

    phase.check(
      replacedMs >= 0,
      `no worker replaced the killed one within ${REPLACED_WITHIN_MS} ms:\n${server.output().slice(-2000)}`,
    );
    phase.check(
      childrenOf(server.pid).length === 2,
      `${childrenOf(server.pid).length} workers after the kill`,
    );
    // The replacement answers: requests on new connections go to each worker in turn.
    let replacementCpuMs = 0;
    if (replacement) {
      const before = cpuMsOf(replacement);
      for (let i = 0; i < 40; i += 1) {
        const res = await fetch(`${server.baseUrl}/api/v1/orders?limit=5`, {
          headers: { ...headers, connection: "close" },
        });
        await res.text();
        phase.check(res.status === 200, `a read on a new connection answered ${res.status}`);
      }
      replacementCpuMs = cpuMsOf(replacement) - before;
      phase.check(replacementCpuMs > 0, "the replacement worker took none of 40 new connections");
    }

    // The others kept answering: the longest pause between two answers after the kill, against the one before
    // it (a busy machine answers slowly either way), and answers just after the kill.
    answeredAt.sort((x, y) => x - y);
    const longestPause = (from: number, to: number) => {
      const times = answeredAt.filter((t) => t >= from && t <= to);
      let longest = 0;
      for (let i = 1; i < times.length; i += 1) longest = Math.max(longest, times[i] - times[i - 1]);
      return longest;
    };
    const pauseBefore = longestPause(0, killedAt);
    const pauseAfter = longestPause(killedAt, stoppedAt);
    const inSecondAfter = answeredAt.filter((t) => t > killedAt && t <= killedAt + 1000).length;
    phase.check(
      pauseAfter <= Math.max(MAX_PAUSE_MS, 2 * pauseBefore),
      `no answer for ${pauseAfter} ms after the kill (at most ${pauseBefore} ms before it)`,
    );
    phase.check(inSecondAfter > 0, "nothing answered in the second after the kill");
    phase.check(serverErrors === 0, `${serverErrors} answers were 5xx`);

    const code = await stopServer(server);
    phase.check(code === 0, `the primary exited ${code} on SIGTERM`);

    // Every acknowledged create is there whole; the cut-off ones whole or absent; nothing half-written.
    const { rows } = await db.query<{ order_number: string; id: number; items: number; logs: number }>(
      `select o.order_number, o.id,
              (select count(*)::int from orders_items i where i.parent_id = o.id) as items,
              (select count(*)::int from change_logs c where c.kind = 'Order' and c.record_id = o.id
                 and c.action = 'create') as logs
       from orders o where o.tenant_id = 1 and o.order_number like $1`,
      [`${tag}-%`],
    );
    const stored = new Map(rows.map((row) => [row.order_number, row]));
    let acknowledged = 0;
    let found = 0;
    let cutWhole = 0;
    let cutAbsent = 0;
    for (const [number, entry] of sent) {
      const row = stored.get(number);
      if (row) {
        phase.check(row.items === 2, `${number} is stored with ${row.items} of its 2 items`);
        phase.check(row.logs === 1, `${number} has ${row.logs} create entries in its change log`);
      }
      if (entry.acked) {
        acknowledged += 1;
        if (row && row.id === entry.id) found += 1;
        else phase.check(false, `acknowledged ${number} (${entry.id}) is not stored`);
      } else if (entry.cut) {
        if (row) cutWhole += 1;
        else cutAbsent += 1;
      }
    }
    phase.check(
      acknowledged > 0 && found === acknowledged,
      `${found} of ${acknowledged} acknowledged creates found`,
    );
    const seconds = (stoppedAt - killedAt + BEFORE_KILL_MS) / 1000;
    phase.notes.push(
      `workers-postgres: two workers, ${WRITERS} writers (orders with two items) and ${READERS} readers; one worker killed with kill -9 after ${BEFORE_KILL_MS / 1000} s`,
    );
    Object.assign(phase.figures, {
      "postgres workers: writes acknowledged": acknowledged,
      "postgres workers: acknowledged found after the kill": found,
      "postgres workers: cut off by the kill, whole / absent": `${cutWhole} / ${cutAbsent}`,
      "postgres workers: requests cut by the kill": cutRequests,
      "postgres workers: answers in the second after the kill": inSecondAfter,
      "postgres workers: longest pause between answers before / after the kill (ms)": `${pauseBefore} / ${pauseAfter}`,
      "postgres workers: replacement listening after (ms)": replacedMs,
      "postgres workers: load requests": answeredAt.length + cutRequests,
      "postgres workers: requests/s": Math.round(answeredAt.length / seconds),
      "postgres workers: 5xx": serverErrors,
    });
  } finally {
    await db.end();
  }
});
