// Counts the JavaScript (gzip) that Chromium fetches for a route's first load, from what it actually requested.
// Usage: node_modules/.bin/tsx bench/first-load.ts <base-url> <route> [<route> …]  (a server must be running)
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const [base, ...routes] = process.argv.slice(2);
if (!base || routes.length === 0) {
  console.error("usage: tsx bench/first-load.ts <base-url> <route> [<route> …]");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
});
for (const route of routes) {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${base}${route}`, { waitUntil: "networkidle" });
  const kb = (n: number) => (n / 1024).toFixed(1);
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  console.log(
    `${route} → ${new URL(page.url()).pathname}: ${scripts.length} scripts, ${kb(total)} KB gzip (${kb(scripts.reduce((s, x) => s + x.raw, 0))} KB raw)`,
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, 6))
    console.log(`  ${kb(s.gzip).padStart(7)} KB  ${s.url}`);
  await page.close();
}
await browser.close();
