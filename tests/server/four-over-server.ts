import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for 4over's API (api-users.4over.com), answering the requests /4-over-tool makes as the
// documentation describes them, for server/tools/four-over.ts's tests. It checks the signature as 4over's "API Key
// Authentication" page defines it (computed here from the page, not with the adapter's code): GET/DELETE with
// ?apikey=&signature= in the query, POST with "Authorization: API {public}:{signature}"; a wrong one answers 401.

/** The end-to-end run's local 4over (playwright.config.ts gives the server this as FOUR_OVER_API_URL). */
export const FOUR_OVER_E2E_PORT = Number(process.env.E2E_FOUR_OVER_PORT ?? 48089);
export const FOUR_OVER_PUBLIC = "pub-4over-test";
export const FOUR_OVER_PRIVATE = "priv-4over-test";
export const PRODUCT_UUID = "6f1f8a4e-0000-4c00-8000-00000000bc16";
export const OPTIONS = {
  run250: "11111111-0000-4000-8000-000000000250",
  run500: "11111111-0000-4000-8000-000000000500",
  run1000: "11111111-0000-4000-8000-000000001000",
  c44: "22222222-0000-4000-8000-000000000044",
  c40: "22222222-0000-4000-8000-000000000040",
  tat: "33333333-0000-4000-8000-000000000001",
  matte: "44444444-0000-4000-8000-00000000000e",
};

export interface FourOverCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FourOverState {
  calls: FourOverCall[];
  /** Statuses each job has gone through, oldest first; tracking numbers once shipped. */
  jobs: Map<string, { statuses: string[]; tracking: string[] }>;
}

function expectedSignature(method: string): string {
  const key = createHash("sha256").update(FOUR_OVER_PRIVATE).digest("hex");
  return createHmac("sha256", key).update(method).digest("hex");
}

function signedCorrectly(req: IncomingMessage, url: URL): boolean {
  const method = req.method ?? "";
  if (method === "GET" || method === "DELETE") {
    return (
      url.searchParams.get("apikey") === FOUR_OVER_PUBLIC &&
      url.searchParams.get("signature") === expectedSignature(method)
    );
  }
  return req.headers.authorization === `API ${FOUR_OVER_PUBLIC}:${expectedSignature(method)}`;
}

const GROUPS = [
  {
    product_option_group_uuid: "g-runsize",
    product_option_group_name: "Runsize",
    options: [
      { option_uuid: OPTIONS.run250, option_name: "250" },
      { option_uuid: OPTIONS.run500, option_name: "500" },
      { option_uuid: OPTIONS.run1000, option_name: "1,000" },
    ],
  },
  {
    product_option_group_uuid: "g-colorspec",
    product_option_group_name: "Colorspec",
    options: [
      { option_uuid: OPTIONS.c40, option_name: "4/0" },
      { option_uuid: OPTIONS.c44, option_name: "4/4" },
    ],
  },
  {
    product_option_group_uuid: "g-tat",
    product_option_group_name: "Turn Around Time",
    options: [{ option_uuid: OPTIONS.tat, option_name: "2 - 4 Business Days" }],
  },
  {
    product_option_group_uuid: "g-stock",
    product_option_group_name: "Stock",
    options: [{ option_uuid: OPTIONS.matte, option_name: "16PT Matte" }],
  },
];

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : null;
}

/** Starts the server on a free port of 127.0.0.1; answers its URL, its state and a stop function. */
/** `port`: a fixed one (the e2e server is told it through FOUR_OVER_API_URL), else any free one. */
export async function startFourOver(
  port = 0,
): Promise<{ url: string; state: FourOverState; stop(): Promise<void> }> {
  const state: FourOverState = { calls: [], jobs: new Map() };
  let serial = 0;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const body = req.method === "POST" ? await readJson(req).catch(() => undefined) : null;
    state.calls.push({ method: req.method ?? "", path: url.pathname, body });
    if (!signedCorrectly(req, url)) {
      return send(401, { status: "error", status_code: 401, message: "Invalid API key or signature" });
    }
    const status = url.pathname.match(/^\/orders\/([^/]+)\/(status|tracking)$/);
    if (req.method === "GET" && url.pathname === `/printproducts/products/${PRODUCT_UUID}/optiongroups`) {
      return send(200, { entities: GROUPS });
    }
    if (req.method === "GET" && url.pathname.startsWith("/printproducts/products/")) {
      return send(404, { status: "error", status_code: 404, message: "Product not found" });
    }
    if (req.method === "POST" && url.pathname === "/shippingquote") {
      const info = (body as { product_info?: { product_uuid?: string } } | null)?.product_info;
      if (info?.product_uuid !== PRODUCT_UUID) {
        return send(400, { status: "error", status_code: 400, message: "Invalid product_info" });
      }
      return send(200, {
        job: {
          facilities: [
            {
              facility_name: "Los Angeles, CA",
              shipping_options: [
                { service_code: "03", service_name: "UPS Ground", service_price: "14.53" },
                { service_code: "02", service_name: "UPS 2nd Day Air", service_price: "41.10" },
              ],
            },
          ],
        },
      });
    }
    if (req.method === "POST" && url.pathname === "/orders") {
      const order = body as {
        order_id?: string;
        jobs?: {
          product_uuid?: string;
          runsize_uuid?: string;
          colorspec_uuid?: string;
          option_uuids?: unknown;
          ship_to?: unknown;
          shipper?: unknown;
        }[];
      } | null;
      const job = order?.jobs?.[0];
      const missing = [
        !order?.order_id && "order_id",
        !job?.product_uuid && "product_uuid",
        !job?.runsize_uuid && "runsize_uuid",
        !job?.colorspec_uuid && "colorspec_uuid",
        !Array.isArray(job?.option_uuids) && "option_uuids",
        !job?.ship_to && "ship_to",
        !job?.shipper && "shipper",
      ].filter(Boolean);
      if (missing.length > 0) {
        return send(400, { status: "error", status_code: 400, message: `Missing ${missing.join(", ")}` });
      }
      serial += 1;
      const jobId = `Z${String(40_000_000 + serial)}-001`;
      state.jobs.set(jobId, { statuses: ["Order Received"], tracking: [] });
      return send(200, { order_status: "Success", job_ids: [jobId] });
    }
    if (req.method === "GET" && status) {
      const job = state.jobs.get(decodeURIComponent(status[1] as string));
      if (!job) return send(404, { status: "error", status_code: 404, message: "Job not found" });
      if (status[2] === "status")
        return send(200, { entities: job.statuses.map((s, i) => ({ status_id: i + 1, status: s })) });
      return send(200, { entities: job.tracking.map((t) => ({ tracking_number: t, carrier: "UPS" })) });
    }
    send(404, { status: "error", status_code: 404, message: "Route not found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
