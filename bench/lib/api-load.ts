// The API under load (autocannon, 20 connections): the orders list with its total, a sort and a filter; one order
// by id; creates; updates (each record updated by one request at a time, with the version its last answer gave, so
// no update is refused as stale). Each is warmed up for a moment first, not counted.

import type { AutocannonOptions, AutocannonRequest, AutocannonResult } from "../tools/load.mjs";
import { getJson } from "./server";
import { tools } from "./tools";

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface ApiSetup {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

type Order = { id: number; version: number };
type Page<T> = { data: T[]; meta: { total: number } };

async function cannon(setup: ApiSetup, requests: AutocannonRequest[]): Promise<LoadFigures> {
  const { autocannon } = await tools();
  const options = (duration: number): AutocannonOptions => ({
    url: setup.url,
    connections: setup.connections,
    duration,
    headers: { authorization: `Bearer ${setup.token}`, "content-type": "application/json" },
    requests,
  });
  if (setup.warmupSeconds > 0) await autocannon(options(setup.warmupSeconds));
  const result: AutocannonResult = await autocannon(options(setup.seconds));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const pick = (n: number) => Math.floor(Math.random() * n);
const any = <T>(values: readonly T[]): T => values[pick(values.length)];

/** The repeated query (the figure the benchmark printed before issue 20): pages 1 to 10 of one filter and sort. */
export const LIST_QUERY = "channel=storefront&sort=-ordered_at&limit=25";

/** GET /orders?channel=storefront&sort=-ordered_at with its total, pages 1 to 10: the caches answer most of it. */
export const repeatedListLoad = (setup: ApiSetup) =>
  cannon(setup, [
    {
      method: "GET",
      setupRequest: (request) => ({ ...request, path: `/api/v1/orders?${LIST_QUERY}&page=${1 + pick(10)}` }),
    },
  ]);

/** What the random list picks from: a filter (or none), a sort, a page of 25 among the first 40. */
export const RANDOM_LIST = {
  sorts: ["-ordered_at", "ordered_at", "order_number", "-total", "-wanted_by"],
  pages: 40,
} as const;

/**
 * GET /orders with its total, a filter, sort and page picked at random for each request: one of the channels,
 * statuses, payment states or 100 customers, or none; 5 sorts; pages 1 to 40. The totals of the ~130 filters
 * are soon cached (no writes in between); the pages (26,000 combinations) mostly are not.
 */
export async function listLoad(setup: ApiSetup) {
  const customers = await getJson<Page<Order>>(setup.url, setup.token, "customers?limit=100");
  const statuses = await getJson<Page<Order>>(setup.url, setup.token, "orders/lookups/status_id?limit=100");
  const filters = [
    "",
    ...["storefront", "csr", "reorder", "api"].map((c) => `channel=${c}`),
    ...["paid", "on_account", "partially_paid", "refunded", "unpaid"].map((p) => `payment_status=${p}`),
    ...statuses.data.map((s) => `status_id=${s.id}`),
    ...customers.data.map((c) => `customer_id=${c.id}`),
  ];
  return cannon(setup, [
    {
      method: "GET",
      setupRequest: (request) => {
        const filter = any(filters);
        const query = `${filter}${filter ? "&" : ""}sort=${any(RANDOM_LIST.sorts)}&limit=25&page=${1 + pick(RANDOM_LIST.pages)}`;
        return { ...request, path: `/api/v1/orders?${query}` };
      },
    },
  ]);
}

/** GET /orders/{id}, any of the seeded orders: its items come with it. */
export async function showLoad(setup: ApiSetup) {
  const first = await getJson<Page<Order>>(setup.url, setup.token, "orders?sort=id&limit=1");
  const last = await getJson<Page<Order>>(setup.url, setup.token, "orders?sort=-id&limit=1");
  const [low, high] = [first.data[0].id, last.data[0].id];
  return cannon(setup, [
    {
      method: "GET",
      setupRequest: (request) => ({ ...request, path: `/api/v1/orders/${low + pick(high - low)}` }),
    },
  ]);
}

/**
 * POST /orders: a new order with two items each time, numbered by the client (B<tag>-<n>), as before issue 20. An
 * order the server numbers takes the tenant's counter in its transaction (numbering_sequences, gapless), so a
 * tenant's creates of server-numbered orders wait for each other's commits; docs/scaling.md has that figure.
 */
export async function createLoad(setup: ApiSetup) {
  // Active customers without a credit limit: no order of theirs is refused (order-policy.ts).
  const listed = await getJson<Page<Order & { credit_limit: number | null }>>(
    setup.url,
    setup.token,
    "customers?limit=100&status=active",
  );
  const customers = { data: listed.data.filter((c) => !c.credit_limit) };
  if (customers.data.length === 0) throw new Error("no active customer without a credit limit to order for");
  const products = await getJson<Page<Order>>(setup.url, setup.token, "products?limit=50&active=true");
  const item = () => ({
    product_id: any(products.data).id,
    description: "Business cards 3.5×2",
    quantity: 250 * (1 + pick(4)),
  });
  const tag = Date.now().toString(36).slice(-5);
  let serial = 0;
  return cannon(setup, [
    {
      method: "POST",
      path: "/api/v1/orders",
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          order_number: `B${tag}-${++serial}`,
          customer_id: any(customers.data).id,
          ordered_at: new Date().toISOString(),
          items: [item(), item()],
        }),
      }),
    },
  ]);
}

/** PATCH /orders/{id} with the version read: a pool of records, each in one request at a time. */
export async function updateLoad(setup: ApiSetup) {
  const page = await getJson<Page<Order>>(setup.url, setup.token, "orders?sort=-ordered_at&limit=100");
  const idle: Order[] = page.data.map(({ id, version }) => ({ id, version }));
  let serial = 0;
  return cannon(setup, [
    {
      method: "PATCH",
      setupRequest: (request, context) => {
        const order = idle.shift();
        if (!order) throw new Error("more updates in flight than records in the pool");
        context.order = order;
        serial += 1;
        return {
          ...request,
          path: `/api/v1/orders/${order.id}`,
          body: JSON.stringify({
            version: order.version,
            special_instructions: `Benchmark update ${serial}`,
          }),
        };
      },
      onResponse: (status, body, context) => {
        const order = context.order as Order;
        if (status === 200) {
          order.version = (JSON.parse(body) as { data: Order }).data.version;
          idle.push(order);
          return;
        }
        // Not expected (one request per record at a time); read the record again before reusing it.
        void getJson<{ data: Order }>(setup.url, setup.token, `orders/${order.id}`).then(({ data }) =>
          idle.push({ id: order.id, version: data.version }),
        );
      },
    },
  ]);
}
