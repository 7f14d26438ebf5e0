// Issue 18, "Runs and their print-outs": the administrator opens a seeded run's job jacket and run spread, Chromium
// prints each to PDF (Letter and A4), and the PDF's text, extracted with pdfjs-dist, holds the run number and every
// item's number; the jacket has a page per item ticket. A user without Run Read is sent to /unauthorized.
import { expect, type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { sessionToken, withSession } from "./sign-in";

interface RunItem {
  order_item_id: number;
}
interface Run {
  id: number;
  run_number: string;
  items: RunItem[];
}

/** The text of every page of a PDF, one string per page. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages;
}

/** A seeded gang run with two or more items, read with the signed-in administrator's session. */
async function seededRun(page: Page): Promise<Run> {
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const res = await page.request.get("/api/v1/runs?limit=20&run_type=gang", { headers });
  expect(res.status()).toBe(200);
  for (const { id } of (await res.json()).data as Run[]) {
    const run = (await (await page.request.get(`/api/v1/runs/${id}`, { headers })).json()).data as Run;
    if (run.items.length >= 2) return run;
  }
  throw new Error("no seeded gang run with two items");
}

test("the job jacket and run spread print to PDF with the run's and every item's numbers", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await withSession(page, "admin@pressroom.test");
  const run = await seededRun(page);
  const itemNumbers = run.items.map((i) => String(i.order_item_id));

  // The run's page offers both print-outs; each is then opened as its own page (a fresh load, as a print tab).
  await page.goto(`/runs/${run.id}`);
  for (const [name, print] of [
    ["Job jacket", "job-jacket"],
    ["Run spread", "run-spread"],
  ]) {
    const link = page.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", `/runs/${run.id}/${print}`);
    await expect(link).toHaveAttribute("target", "_blank");
  }

  await page.goto(`/runs/${run.id}/job-jacket`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Job jacket · Run ${run.run_number}`);
  await expect(page.locator("section.ticket")).toHaveCount(run.items.length);
  // No app chrome: the guest layout, no sidebar.
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("job-jacket-desktop.png"), fullPage: true });
  // The Print button is for the screen only.
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  // Back to no emulation: page.pdf prints with print CSS then (an emulated "screen" would print without its
  // page breaks, and A4's three tickets came out on three pages instead of four).
  await page.emulateMedia({ media: null });

  for (const format of ["Letter", "A4"] as const) {
    const pages = await pdfPages(await page.pdf({ format }));
    const text = pages.join("\n");
    expect(text, format).toContain(run.run_number);
    for (const number of itemNumbers) expect(text, `${format}: item ${number}`).toContain(`Item ${number}`);
    // The cover, then each ticket from a page of its own.
    expect(pages.length, format).toBeGreaterThanOrEqual(1 + run.items.length);
    for (const number of itemNumbers) {
      expect(
        pages.filter((p) => p.includes(`Item ${number}`)).length,
        `${format}: item ${number}`,
      ).toBeGreaterThan(0);
    }
  }

  await page.goto(`/runs/${run.id}/run-spread`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Run spread · Run ${run.run_number}`);
  await expect(page.getByRole("img", { name: /^Press sheet / })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("run-spread-desktop.png"), fullPage: true });
  for (const format of ["Letter", "A4"] as const) {
    const text = (await pdfPages(await page.pdf({ format }))).join("\n");
    expect(text, format).toContain(run.run_number);
    for (const number of itemNumbers) expect(text, `${format}: item ${number}`).toContain(number);
    expect(text, format).toContain("Cut plan");
  }

  // On a phone: the page fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/runs/${run.id}/job-jacket`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await page.screenshot({ path: testInfo.outputPath("job-jacket-phone.png"), fullPage: true });
  await page.goto(`/runs/${run.id}/run-spread`);
  await expect(page.getByRole("img", { name: /^Press sheet / })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("run-spread-phone.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.screenshot({ path: testInfo.outputPath("run-spread-print.png"), fullPage: true });
  await page.goto(`/runs/${run.id}/job-jacket`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("job-jacket-print.png"), fullPage: true });
});

test("a user without Run Read is sent to /unauthorized from the print-outs", async ({ page, browser }) => {
  const admin = await browser.newPage();
  await withSession(admin, "admin@pressroom.test");
  const run = await seededRun(admin);
  await admin.close();
  // Customer service reads orders, not runs.
  await withSession(page, "csr@pressroom.test");
  for (const print of ["job-jacket", "run-spread"]) {
    await page.goto(`/runs/${run.id}/${print}`);
    await expect(page).toHaveURL("/unauthorized");
    await expect(page.getByText("Sorry, you are not authorized to access this page.")).toBeVisible();
  }
});
