import type { FastifyInstance } from "fastify";

// The work done on an order file after its upload is acknowledged (its thumbnail, then its preflight):
// one job at a time per server process, in the order queued. A large PDF takes seconds to parse, and
// the last PATCH of an upload should not wait for it, nor two parses share 2 cores. A job's failure is
// logged and never stops the jobs after it.

const queues = new WeakMap<object, { tail: Promise<void> }>();

/** Queues `job`; resolves when it has run (callers need not wait). */
export function queueFileJob(
  app: FastifyInstance,
  what: string,
  fileId: number,
  job: () => Promise<void>,
): Promise<void> {
  const queue = queues.get(app.db) ?? { tail: Promise.resolve() };
  queues.set(app.db, queue);
  queue.tail = queue.tail.then(() =>
    job().catch((error: unknown) => app.log.error({ err: error, fileId }, `${what} failed`)),
  );
  return queue.tail;
}
