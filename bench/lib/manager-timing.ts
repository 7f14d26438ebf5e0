// The production manager's endpoint (GET /api/v1/production/manager, issue 18) at the benchmark's seed: one
// request at a time, as the page asks it, timed from the request to the last byte of the answer. The first request
// after the server's start (cold: nothing of it in PostgreSQL's buffers yet, nothing kept), then `rounds` more, their
// median and 95th percentile (on PGlite the answer is kept until a table it reads is written), and the first answer
// after a write to one of those tables, median of 5: a machine's model renamed (the figures reading machines run
// again), and a run's notes changed (an operator's most common write: the figures reading runs run again).

export interface ManagerFigures {
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  rounds: number;
  /** The first answer after a machine's change, median of 5. */
  afterWriteMs: number;
  /** The first answer after a run's change, median of 5. */
  afterRunWriteMs: number;
  /** The answer's size, KB (uncompressed JSON). */
  answerKb: number;
}

async function timed(url: string, token: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET production/manager answered ${res.status}`);
  return { ms, bytes: body.byteLength };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

export async function timeManager(baseUrl: string, token: string, rounds = 30): Promise<ManagerFigures> {
  const url = `${baseUrl}/api/v1/production/manager`;
  const first = await timed(url, token);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await timed(url, token)).ms);
  times.sort((a, b) => a - b);
  const afterWrite: number[] = [];
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const [machine] = (
    (await (await fetch(`${baseUrl}/api/v1/equipments?limit=1`, { headers })).json()) as {
      data: { id: number; version: number }[];
    }
  ).data;
  let version = machine.version;
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${baseUrl}/api/v1/equipments/${machine.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ model: `bench ${i}`, version }),
    });
    if (res.status !== 200) throw new Error(`PATCH equipments answered ${res.status}`);
    version = ((await res.json()) as { data: { version: number } }).data.version;
    afterWrite.push((await timed(url, token)).ms);
  }
  afterWrite.sort((a, b) => a - b);
  const board = (await (await fetch(`${baseUrl}/api/v1/production/boards/press`, { headers })).json()) as {
    data: { cards: { id: number }[] };
  };
  const runId = board.data.cards[0].id;
  let runVersion = (
    (await (await fetch(`${baseUrl}/api/v1/runs/${runId}`, { headers })).json()) as {
      data: { version: number };
    }
  ).data.version;
  const afterRun: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${baseUrl}/api/v1/runs/${runId}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ notes: `bench ${i}`, version: runVersion }),
    });
    if (res.status !== 200) throw new Error(`PATCH runs answered ${res.status}`);
    runVersion = ((await res.json()) as { data: { version: number } }).data.version;
    afterRun.push((await timed(url, token)).ms);
  }
  afterRun.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    firstMs: round(first.ms),
    medianMs: round(quantile(times, 0.5)),
    p95Ms: round(quantile(times, 0.95)),
    rounds,
    afterWriteMs: round(quantile(afterWrite, 0.5)),
    afterRunWriteMs: round(quantile(afterRun, 0.5)),
    answerKb: Math.round(first.bytes / 102.4) / 10,
  };
}
