// A fake fetch for the sign-in calls (providers/post-json.ts): records what would go on the wire and answers
// from a queue, so tests assert the exact requests the auth calls send.
import { vi } from "vitest";

export interface SentFetch {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

export type FetchAnswer =
  | { status: number; body?: unknown }
  | { status: number; text: string }
  | "network-error";

export function installFakeFetch(fallback: FetchAnswer = { status: 200, body: {} }) {
  const sent: SentFetch[] = [];
  const answers: FetchAnswer[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
      });
      const answer = answers.shift() ?? fallback;
      if (answer === "network-error") throw new TypeError("Failed to fetch");
      const text =
        "text" in answer ? answer.text : answer.body === undefined ? "" : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status });
    }),
  );
  return {
    sent,
    /** Answers the next calls, in order; later calls get the fallback. */
    answer(...next: FetchAnswer[]) {
      answers.push(...next);
    },
  };
}
