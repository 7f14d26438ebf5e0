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

export const LIST_QUERY = "channel=storefront&sort=-ordered_at&limit=25";

/** GET /orders?channel=storefront&sort=-ordered_at with its total, pages 1 to 10. */
export const listLoad = (setup: ApiSetup) =>
  cannon(setup, [
    {
      method: "GET",
      setupRequest: (request) => ({ ...request, path: `/api/v1/orders?${LIST_QUERY}&page=${1 + pick(10)}` }),
    },
  ]);

/** GET /orders/{id}, any of the seeded orders. */
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

/** POST /orders: a new order with one item each time. */
export async function createLoad(setup: ApiSetup) {
  const customers = await getJson<Page<Order>>(setup.url, setup.token, "customers?limit=50");
  const products = await getJson<Page<Order>>(setup.url, setup.token, "products?limit=50");
  const tag = Date.now().toString(36).slice(-5);
  let serial = 0;
  return cannon(setup, [
    {
      method: "POST",
      path: "/api/v1/orders",
      setupRequest: (request) => {
        serial += 1;
        return {
          ...request,
          body: JSON.stringify({
            order_number: `B${tag}-${serial}`,
            customer_id: customers.data[pick(customers.data.length)].id,
            ordered_at: new Date().toISOString(),
            items: [
              {
                product_id: products.data[pick(products.data.length)].id,
                description: "Business cards 3.5×2",
                quantity: 500,
              },
            ],
          }),
        };
      },
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
