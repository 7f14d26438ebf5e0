// The production manager's endpoint (GET /api/v1/production/manager, issue 18) at the benchmark's seed: one
// request at a time, as the page asks it, timed from the request to the last byte of the answer. The first request
// after the server's start (cold: nothing of it in PostgreSQL's buffers yet), then `rounds` more, their median and
// 95th percentile. Nothing is cached between requests: every answer runs the figures' queries again.

export interface ManagerFigures {
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  rounds: number;
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
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    firstMs: round(first.ms),
    medianMs: round(quantile(times, 0.5)),
    p95Ms: round(quantile(times, 0.95)),
    rounds,
    answerKb: Math.round(first.bytes / 102.4) / 10,
  };
}
