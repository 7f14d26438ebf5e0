import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { z } from "zod";
import { PREFLIGHT_RESULTS } from "../../src/custom/orders/file-kinds";
import type { Config } from "../config";
import { preflightPdf } from "./checks";
import { inches, type PreflightReport, type PreflightSpec, report } from "./verdicts";

// The preflight adapter: a file in the store and what it should be → the checks. With the
// configuration's preflight URL (or preflight design URL) set, the file is streamed to that
// service (POST, application/pdf, the spec in the query, the answer { data: { result, checks } }:
// the contract of this server's own POST /preflight); unset, the server runs its own checks here.

export type PreflightVariant = "artwork" | "design";
export interface StoredFile {
  /** The file's bytes, from whichever store holds it (server/files/storage.ts). */
  open(): Promise<Readable>;
  size: number;
  contentType: string;
}

const answer = z.object({
  data: z.object({
    result: z.enum(PREFLIGHT_RESULTS),
    checks: z
      .array(
        z.object({
          check: z.string().max(40),
          result: z.enum(PREFLIGHT_RESULTS),
          message: z.string().max(500),
        }),
      )
      .max(50),
  }),
});

const warning = (check: string, message: string) => report([{ check, result: "warn", message }]);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export async function preflightFile(
  config: Pick<Config, "preflightUrl" | "preflightDesignUrl" | "preflightToken" | "preflightMaxBytes">,
  file: StoredFile,
  spec: PreflightSpec,
  variant: PreflightVariant = "artwork",
): Promise<PreflightReport> {
  if (file.contentType !== "application/pdf") {
    return warning("pdf", "Not a PDF: preflight checks PDFs. Check this file by eye, or send a PDF.");
  }
  const url = variant === "design" ? config.preflightDesignUrl : config.preflightUrl;
  if (url) return remote(url, config.preflightToken, file, spec);
  if (file.size > config.preflightMaxBytes) {
    return warning(
      "size",
      `The file is ${mb(file.size)}: too large to check here (at most ${mb(config.preflightMaxBytes)}). Check it in your prepress software.`,
    );
  }
  return preflightPdf(await buffer(await file.open()), spec);
}

/** The spec as the service's query: width, height and bleed in inches. */
export function specQuery(spec: PreflightSpec): string {
  const q = new URLSearchParams({ bleed: inches(spec.bleed) });
  if (spec.width && spec.height) {
    q.set("width", inches(spec.width));
    q.set("height", inches(spec.height));
  }
  return q.toString();
}

async function remote(
  url: string,
  token: string | undefined,
  file: StoredFile,
  spec: PreflightSpec,
): Promise<PreflightReport> {
  const service = new URL(url).host;
  try {
    const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}${specQuery(spec)}`, {
      method: "POST",
      headers: {
        "content-type": "application/pdf",
        "content-length": String(file.size),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: Readable.toWeb(await file.open()) as ReadableStream,
      duplex: "half",
      signal: AbortSignal.timeout(5 * 60_000),
    } as RequestInit);
    if (!response.ok) {
      return warning(
        "service",
        `Preflight could not run: the service at ${service} answered ${response.status}.`,
      );
    }
    const parsed = answer.safeParse(await response.json());
    if (!parsed.success) {
      return warning(
        "service",
        `Preflight could not run: the service at ${service} answered something else than checks.`,
      );
    }
    return parsed.data.data;
  } catch {
    return warning("service", `Preflight could not run: the service at ${service} could not be reached.`);
  }
}
