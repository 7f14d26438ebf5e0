// A fake axios transport for the shared http client: records exactly what axios would put on the wire
// (commas travel as %2C) and answers from a queue, so tests assert the exact requests a provider sends.
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { httpClient } from "../../src/providers/http-client";

export interface SentRequest {
  method?: string;
  url: string;
  authorization: unknown;
  body: unknown;
}

export type FakeAnswer = { status: number; data?: unknown } | { networkError: true };

export function installFakeTransport(fallback: FakeAnswer) {
  const state = { sent: [] as SentRequest[], answers: [] as FakeAnswer[], fallback };
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    state.sent.push({
      method: config.method?.toUpperCase(),
      url: httpClient.getUri(config),
      authorization: config.headers.get("Authorization"),
      body: typeof config.data === "string" ? JSON.parse(config.data) : config.data,
    });
    const answer = state.answers.shift() ?? state.fallback;
    if ("networkError" in answer) throw new AxiosError("Network Error", "ERR_NETWORK", config, {});
    const response: AxiosResponse = {
      status: answer.status,
      statusText: "",
      data: answer.data,
      headers: {},
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        "ERR_BAD_REQUEST",
        config,
        {},
        response,
      );
    }
    return response;
  };
  return {
    /** What was sent since the last reset. */
    get sent() {
      return state.sent;
    },
    /** Queues the next answers; the fallback answers when the queue is empty. */
    answer(...next: FakeAnswer[]) {
      state.answers.push(...next);
    },
    /** Answers every request from now on (until the next reset) with `answer`. */
    always(answer: FakeAnswer) {
      state.fallback = answer;
    },
    reset() {
      state.fallback = fallback;
      state.sent = [];
      state.answers = [];
    },
  };
}
