import { createHash, createHmac } from "node:crypto";

// The 4over trade printer's API (api-users.4over.com), the requests /4-over-tool makes:
//   GET  /printproducts/products/{product_uuid}/optiongroups   the product's option groups (Runsize, Colorspec,
//        Turn Around Time, finishing groups), each { product_option_group_name, options: [{ option_uuid, option_name }] }
//   POST /shippingquote   { product_info: { product_uuid, runsize_uuid, turnaround_uuid, colorspec_uuid, option_uuids },
//        shipping_address: { address, address2, city, state, country, zipcode } }: the ways to ship it and their prices
//   POST /orders          { order_id, is_test_order, skip_conformation, jobs: [{ product_uuid, runsize_uuid,
//        turnaroundtime_uuid, colorspec_uuid, option_uuids, dropship, skip_files | files, ship_to, shipper }] }
//        → { job_ids: [...] }: one 4over job per job sent
//   GET  /orders/{job_id}/status     the job's statuses so far
//   GET  /orders/{job_id}/tracking   the job's shipments' tracking numbers
// Authentication (4over's "API Key Authentication" page): the signature is HMAC-SHA256 of the HTTP method ("GET",
// "POST", …) keyed with the hex SHA-256 of the private key, in hex. GET and DELETE carry ?apikey={public}&signature=…;
// POST, PUT and PATCH carry the header "Authorization: API {public}:{signature}".
// The documentation shows the request bodies; of the answers it shows job_ids and prices. The status and tracking
// answers are read as { entities: [...] } or a single object, taking the status and tracking-number fields found.
// A refusal's body ({ message } or { error } or { errors }) becomes one sentence (FourOverError, answered as 502).

const TIMEOUT_MS = 15_000;
export const FOUR_OVER_DEFAULT_URL = "https://api.4over.com";

export interface FourOverConfig {
  baseUrl: string;
  publicKey: string;
  privateKey: string;
  /** Integration mode "test": orders go with is_test_order (4over does not produce them). */
  testMode: boolean;
}

/** A request 4over refused or that did not reach it, as a sentence a person can act on. */
export class FourOverError extends Error {
  /** 4over may have acted on the request all the same (no answer in time; an order accepted without a job id). */
  constructor(
    message: string,
    readonly uncertain = false,
  ) {
    super(message);
  }
}

/** 4over's signature of an HTTP method: HMAC-SHA256(method) keyed with sha256hex(private key), hex. */
export function fourOverSignature(method: string, privateKey: string): string {
  const key = createHash("sha256").update(privateKey, "utf8").digest("hex");
  return createHmac("sha256", key).update(method.toUpperCase(), "utf8").digest("hex");
}

type Query = Record<string, string | string[]>;

async function call<T>(
  config: FourOverConfig,
  method: "GET" | "POST" | "DELETE",
  path: string,
  options: { query?: Query; body?: unknown } = {},
): Promise<T> {
  const url = new URL(`${config.baseUrl.replace(/\/$/, "")}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  const signature = fourOverSignature(method, config.privateKey);
  const headers: Record<string, string> = { accept: "application/json" };
  if (method === "GET" || method === "DELETE") {
    url.searchParams.set("apikey", config.publicKey);
    url.searchParams.set("signature", signature);
  } else {
    headers.authorization = `API ${config.publicKey}:${signature}`;
    headers["content-type"] = "application/json";
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === "TimeoutError"
        ? `did not answer within ${TIMEOUT_MS / 1000} s`
        : "could not be reached";
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new FourOverError(
      `4over ${why}: try again later, or check its address under Integrations`,
      timedOut,
    );
  }
  const text = await res.text();
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = null;
  }
  if (!res.ok) throw new FourOverError(refusal(res.status, answer));
  if (answer === null)
    throw new FourOverError(`4over answered ${method} ${path} with something that is not JSON`);
  return answer as T;
}

/** 4over's error body as a sentence: its message(s), and what to do about a refused key. */
export function refusal(status: number, answer: unknown): string {
  const messages: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === "string" && v.trim()) messages.push(v.trim());
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === "object") Object.values(v).forEach(collect);
  };
  if (typeof answer === "string") collect(answer);
  else if (answer && typeof answer === "object") {
    const a = answer as Record<string, unknown>;
    collect(a.message ?? a.error ?? a.errors ?? a.status_text);
  }
  const what = messages.length > 0 ? messages.slice(0, 3).join("; ").slice(0, 300) : `HTTP ${status}`;
  const hint =
    status === 401 || status === 403 ? ": check the public and private keys of the 4over integration" : "";
  return `4over refused the request (${status}): ${what}${hint}`;
}

// --- the documented requests --------------------------------------------------------------------------

export interface FourOverOption {
  option_uuid: string;
  option_name: string;
  option_description?: string;
}
export interface FourOverOptionGroup {
  product_option_group_uuid?: string;
  product_option_group_name: string;
  options: FourOverOption[];
}

export async function optionGroups(
  config: FourOverConfig,
  productUuid: string,
): Promise<FourOverOptionGroup[]> {
  const answer = await call<{ entities?: FourOverOptionGroup[] } | FourOverOptionGroup[]>(
    config,
    "GET",
    `/printproducts/products/${encodeURIComponent(productUuid)}/optiongroups`,
  );
  const groups = Array.isArray(answer) ? answer : (answer.entities ?? []);
  return groups.filter(
    (g) => g && typeof g.product_option_group_name === "string" && Array.isArray(g.options),
  );
}

export interface FourOverAddress {
  company?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  phone: string;
  address: string;
  address2?: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export interface ProductChoice {
  product_uuid: string;
  runsize_uuid: string;
  colorspec_uuid: string;
  turnaround_uuid: string | null;
  option_uuids: string[];
}

export interface ShippingOption {
  code: string;
  name: string;
  price: number | null;
}

export async function shippingQuote(
  config: FourOverConfig,
  product: ProductChoice,
  to: FourOverAddress,
): Promise<ShippingOption[]> {
  const answer = await call<Record<string, unknown>>(config, "POST", "/shippingquote", {
    body: {
      product_info: {
        product_uuid: product.product_uuid,
        runsize_uuid: product.runsize_uuid,
        turnaround_uuid: product.turnaround_uuid ?? undefined,
        colorspec_uuid: product.colorspec_uuid,
        option_uuids: product.option_uuids,
      },
      shipping_address: {
        address: to.address,
        address2: to.address2 ?? "",
        city: to.city,
        state: to.state,
        country: to.country,
        zipcode: to.zipcode,
      },
    },
  });
  const job = (answer.job ?? answer) as { facilities?: { shipping_options?: Record<string, unknown>[] }[] };
  const options = (job.facilities ?? []).flatMap((f) => f.shipping_options ?? []);
  return options
    .filter((o) => typeof o.service_code === "string" && typeof o.service_name === "string")
    .map((o) => ({
      code: String(o.service_code),
      name: String(o.service_name),
      price: Number.isFinite(Number(o.service_price)) ? Number(o.service_price) : null,
    }));
}

export interface NewFourOverOrder {
  reference: string;
  jobName: string;
  product: ProductChoice;
  shipTo: FourOverAddress;
  shipping: { code: string; name: string };
  /** Artwork URLs by 4over's file reason (fr front, bk back); none: skip_files (sent later on 4over). */
  files: Record<string, string>;
}

/** Places the order; answers 4over's job id of the one job sent. */
export async function createOrder(config: FourOverConfig, order: NewFourOverOrder): Promise<string> {
  const hasFiles = Object.keys(order.files).length > 0;
  const answer = await call<{ job_ids?: unknown[] }>(config, "POST", "/orders", {
    body: {
      order_id: order.reference,
      is_test_order: config.testMode,
      skip_conformation: true,
      jobs: [
        {
          product_uuid: order.product.product_uuid,
          runsize_uuid: order.product.runsize_uuid,
          ...(order.product.turnaround_uuid ? { turnaroundtime_uuid: order.product.turnaround_uuid } : {}),
          colorspec_uuid: order.product.colorspec_uuid,
          option_uuids: order.product.option_uuids,
          dropship: false,
          ...(hasFiles
            ? { files: { set_001: { job_name: order.jobName, files: order.files } } }
            : { skip_files: true, job_name: order.jobName }),
          ship_to: order.shipTo,
          shipper: { shipping_method: order.shipping.name, shipping_code: order.shipping.code },
        },
      ],
    },
  });
  const jobId = Array.isArray(answer.job_ids) ? answer.job_ids.find((j) => typeof j === "string") : undefined;
  if (typeof jobId !== "string" || !jobId) {
    throw new FourOverError(
      "4over accepted the order but answered no job id: look the order up on 4over",
      true,
    );
  }
  return jobId;
}

/** Entities of an answer that is { entities: [...] }, an array, or one object. */
function entities(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer.filter((e) => e && typeof e === "object");
  if (answer && typeof answer === "object") {
    const list = (answer as { entities?: unknown }).entities;
    return Array.isArray(list) ? entities(list) : [answer as Record<string, unknown>];
  }
  return [];
}

/** The job's statuses, oldest first, as 4over names them. */
export async function jobStatus(config: FourOverConfig, jobId: string): Promise<string[]> {
  const answer = await call<unknown>(config, "GET", `/orders/${encodeURIComponent(jobId)}/status`);
  return entities(answer)
    .map((e) => e.status ?? e.status_name ?? e.order_status)
    .filter((s): s is string => typeof s === "string" && s.trim() !== "")
    .map((s) => s.trim());
}

/** The job's tracking numbers (none before it ships). */
export async function jobTracking(config: FourOverConfig, jobId: string): Promise<string[]> {
  const answer = await call<unknown>(config, "GET", `/orders/${encodeURIComponent(jobId)}/tracking`);
  const numbers = entities(answer)
    .map((e) => e.tracking_number ?? e.tracking)
    .filter((t): t is string => typeof t === "string" && t.trim() !== "")
    .map((t) => t.trim());
  return [...new Set(numbers)];
}

// A tenant's integration may choose between 4over's live and sandbox APIs, never another address: the server
// would otherwise send signed requests (and echo their answers) wherever an administrator typed.
const FOUR_OVER_HOSTS = new Set(["api.4over.com", "sandbox-api.4over.com"]);

/** settings.base_url when it is 4over's own (https, live or sandbox), else undefined (the default). */
export function fourOverHost(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && FOUR_OVER_HOSTS.has(parsed.hostname) && !parsed.port
      ? parsed.origin
      : undefined;
  } catch {
    return undefined;
  }
}
