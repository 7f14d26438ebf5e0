// Lighthouse (performance category), mobile and desktop, in Debian's Chromium driven by puppeteer-core. A signed-in
// page gets the app's session cookie before the run: Lighthouse empties caches and storage but keeps cookies.
import { CHROMIUM, CHROMIUM_ARGS } from "./first-loads";
import { SESSION_COOKIE } from "./server";
import { tools } from "./tools";

export type FormFactor = "mobile" | "desktop";

export interface LighthouseFigures {
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  warnings: string[];
}

const numeric = (value: number | undefined, digits = 0) =>
  value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export async function runLighthouse(url: string, formFactor: FormFactor, token?: string) {
  const { puppeteer, lighthouse, desktopConfig } = await tools();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    if (token) {
      const { hostname } = new URL(url);
      await browser.setCookie({ name: SESSION_COOKIE, value: token, domain: hostname, path: "/" });
    }
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      { output: "json", logLevel: "error", onlyCategories: ["performance"] },
      formFactor === "desktop" ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue;
    const score = lhr.categories.performance?.score;
    return {
      score: score === null || score === undefined ? null : Math.round(score * 100),
      fcpMs: numeric(audit("first-contentful-paint")),
      lcpMs: numeric(audit("largest-contentful-paint")),
      tbtMs: numeric(audit("total-blocking-time")),
      cls: numeric(audit("cumulative-layout-shift"), 3),
      warnings: lhr.runWarnings,
    } satisfies LighthouseFigures;
  } finally {
    await browser.close();
  }
}
