import { keepPreviousData, QueryObserver } from "@tanstack/react-query";
import { expect, it, vi } from "vitest";
import { createQueryClient } from "../../../src/providers/query-client";

it("keeps results fresh for 300 s, without refetch on focus, showing previous data while paging", () => {
  const queries = createQueryClient().getDefaultOptions().queries;
  expect(queries?.staleTime).toBe(300_000);
  expect(queries?.refetchOnWindowFocus).toBe(false);
  expect(queries?.placeholderData).toBe(keepPreviousData);
});

it("never serves Refine's session check from a 5-minute cache", () => {
  const client = createQueryClient();
  expect(client.getQueryDefaults(["auth", "check"]).staleTime).toBe(0);
  expect(client.getQueryDefaults(["vendors", "list"]).staleTime).toBeUndefined();
});

it("fetches a query again when it is invalidated while fetching (a write or live event during a refresh)", async () => {
  const client = createQueryClient();
  const answers = ["before the delete", "after the delete"];
  let calls = 0;
  let release: (() => void) | undefined;
  const queryFn = () =>
    new Promise<string>((resolve) => {
      const answer = answers[Math.min(calls, 1)];
      calls += 1;
      release = () => resolve(answer);
    });
  const observer = new QueryObserver(client, { queryKey: ["data", "default", "vendors", "list"], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  // The list's refresh is in flight (its answer predates the delete) when the delete invalidates it.
  await vi.waitFor(() => expect(calls).toBe(1));
  const invalidated = client.invalidateQueries({ queryKey: ["data", "default", "vendors"] });
  release?.();
  await vi.waitFor(() => expect(calls).toBe(2));
  release?.();
  await invalidated;
  expect(client.getQueryData(["data", "default", "vendors", "list"])).toBe("after the delete");
  unsubscribe();
});
