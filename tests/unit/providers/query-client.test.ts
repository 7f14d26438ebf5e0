import { keepPreviousData } from "@tanstack/react-query";
import { expect, it } from "vitest";
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
