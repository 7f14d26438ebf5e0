// The order page (issue 19: an order of 20 items with its files and payments paints within 1 s of navigation on a
// warm app): the benchmark makes such an order through the API (20 items, 3 files uploaded, 2 payments), opens
// /orders in Chromium signed in (the app loaded, the list painted), then moves the app's router to the order's page
// (a pushState and popstate, as a link does) and times until its heading and its 20 item rows are painted. Then back
// to the list and again, `rounds` times: the order page keeps no answer between visits (gcTime 0), so each visit
// asks the server again.
import type { Browser } from "@playwright/test";
import { freshPage } from "./first-loads";
import { getJson } from "./server";

export interface OrderPageFigures {
  items: number;
  firstMs: number;
  medianMs: number;
  worstMs: number;
  rounds: number;
}

interface Listed {
  id: number;
  credit_limit?: number | null;
}

const ITEMS = 20;
const ROWS = ".ant-table-tbody tr.ant-table-row";

async function send(url: string, token: string, method: string, path: string, body: unknown, headers = {}) {
  const res = await fetch(`${url}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A small PDF-named file through the tus endpoints (create, one PATCH). */
async function uploadFile(url: string, token: string, orderId: number, name: string): Promise<void> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${name}\n`.padEnd(4096, "."));
  const meta = { order_id: String(orderId), kind: "other", filename: name, filetype: "application/pdf" };
  const created = await fetch(`${url}/api/v1/uploads/shop`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "tus-resumable": "1.0.0",
      "upload-length": String(bytes.length),
      "upload-metadata": Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
        .join(","),
    },
  });
  if (created.status !== 201) throw new Error(`POST uploads answered ${created.status}`);
  const location = new URL(created.headers.get("location") ?? "", `${url}/api/v1/uploads/shop`).toString();
  const sent = await fetch(location, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${token}`,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    body: new Uint8Array(bytes),
  });
  if (sent.status !== 204) throw new Error(`PATCH upload answered ${sent.status}`);
}

async function makeOrder(url: string, token: string): Promise<{ id: number; number: string }> {
  const customers = await getJson<{ data: Listed[] }>(url, token, "customers?limit=100&status=active");
  const customer = customers.data.find((c) => !c.credit_limit);
  if (!customer) throw new Error("no active customer without a credit limit to order for");
  const products = await getJson<{ data: Listed[] }>(url, token, "products?limit=50&active=true");
  const number = `BP${Date.now().toString(36).slice(-6)}`;
  const created = await send(url, token, "POST", "orders", {
    order_number: number,
    customer_id: customer.id,
    ordered_at: new Date().toISOString(),
    items: Array.from({ length: ITEMS }, (_, i) => ({
      product_id: products.data[i % products.data.length].id,
      description: `Bench item ${i + 1}`,
      quantity: 250 * (1 + (i % 4)),
      price: 40 + i,
    })),
  });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  for (const name of ["front.pdf", "back.pdf", "proof-1.pdf"]) await uploadFile(url, token, id, name);
  for (const amount of [1, 2])
    await send(url, token, "POST", `orders/${id}/payments`, { method: "cash", amount, reference: "bench" });
  return { id, number };
}

export async function timeOrderPage(browser: Browser, url: string, token: string, rounds = 5) {
  const order = await makeOrder(url, token);
  const page = await freshPage(browser, url, token);
  try {
    await page.goto("/orders");
    await page.locator(ROWS).first().waitFor({ state: "visible", timeout: 60_000 });
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const ms = await page.evaluate(
        ({ path, heading, rows, count }) =>
          new Promise<number>((resolve, reject) => {
            const started = performance.now();
            const timer = setTimeout(() => reject(new Error(`${path} did not paint within 30 s`)), 30_000);
            const observer = new MutationObserver(() => {
              const title = [...document.querySelectorAll("h3")].some((h) => h.textContent === heading);
              if (!title || document.querySelectorAll(rows).length < count) return;
              observer.disconnect();
              clearTimeout(timer);
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            history.pushState({}, "", path);
            dispatchEvent(new PopStateEvent("popstate"));
          }),
        { path: `/orders/${order.id}`, heading: `Order ${order.number}`, rows: ROWS, count: ITEMS },
      );
      times.push(ms);
      await page.goBack();
      await page.locator(ROWS).first().waitFor({ state: "visible", timeout: 60_000 });
    }
    const sorted = [...times].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms);
    return {
      items: ITEMS,
      firstMs: round(times[0]),
      medianMs: round(sorted[Math.floor(sorted.length / 2)]),
      worstMs: round(sorted[sorted.length - 1]),
      rounds,
    } satisfies OrderPageFigures;
  } finally {
    await page.context().close();
  }
}
