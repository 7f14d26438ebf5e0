// The little of the tools' APIs bench/ uses (their own types live in bench/tools/node_modules, absent until the
// first run installs them, so the app's type check does not depend on them).

export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  initialContext?: Record<string, unknown>;
}

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

export function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;

export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number; displayValue?: string }>;
    runtimeError?: { message: string };
    runWarnings: string[];
  };
}

export function lighthouse(
  url: string,
  flags: Record<string, unknown>,
  config: unknown,
  page: unknown,
): Promise<LighthouseResult | undefined>;

export const desktopConfig: unknown;

export interface PuppeteerPage {
  close(): Promise<void>;
}

export interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  setCookie(...cookies: { name: string; value: string; domain: string; path: string }[]): Promise<void>;
  close(): Promise<void>;
}

export const puppeteer: {
  launch(options: { executablePath: string; headless: boolean; args: string[] }): Promise<PuppeteerBrowser>;
};
