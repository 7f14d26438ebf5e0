// Issue 19, order files in Firebase Storage, as a CSR works them on a shop whose server keeps files there
// (FILE_STORAGE=firebase; Storage answered locally by tests/storage-local.mjs): Casey opens an order's Files tab,
// uploads a business card's PDF (a progress bar, paused and resumed on the way: the page sends the bytes with
// Storage's resumable upload, src/custom/orders/storage-resumable.ts), sees its thumbnail and preflight fail it for the missing bleed (the server read it back
// from Storage) and downloads it through the server's link, byte for byte.
import { expect, test } from "@playwright/test";
import { testPdf } from "../server/preflight-pdfs";
import { sessionToken, signInThroughForm } from "./sign-in";
import { STORAGE_E2E } from "./storage-stand-in";

test.use({ baseURL: STORAGE_E2E.baseUrl });

test("a CSR uploads artwork to Firebase Storage with a progress bar, pauses and resumes it, and preflight reads it", async ({
  page,
}) => {
  test.skip(
    !STORAGE_E2E.running,
    "scripts/e2e.mjs starts the local Storage API and its server for this file",
  );
  test.setTimeout(90_000);
  await signInThroughForm(page, "csr@pressroom.test");
  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${decodeURIComponent(token ?? "")}` };
  const listed = await page.request.get("/api/v1/orders?limit=1", { headers });
  const [order] = ((await listed.json()) as { data: { id: number; order_number: string }[] }).data;

  // Storage answers each chunk after a while, as over a real connection: time to see the bar and pause.
  let chunks = 0;
  await page.route(`http://${STORAGE_E2E.storageHost}/upload/**`, async (route) => {
    chunks += 1;
    await new Promise((r) => setTimeout(r, 700));
    await route.continue().catch(() => {}); // a paused upload cancels its chunk
  });

  await page.goto(`/orders/${order.id}?tab=files`);
  await expect(page.getByRole("heading", { level: 3, name: `Order ${order.order_number}` })).toBeVisible();
  const files = page.getByRole("tabpanel", { name: "Files" });
  // A card cut at its edge, padded with PDF comments past one 256 KiB chunk of the resumable upload.
  const card = await testPdf({ page: [3.5, 2] });
  const pdf = Buffer.concat([card, Buffer.from(`%${"padding ".repeat(9)}\n`.repeat(8000))]);
  await files
    .getByLabel("File to upload")
    .setInputFiles({ name: "card.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(files.getByRole("progressbar", { name: "Uploading card.pdf" })).toBeVisible();
  await files.getByRole("button", { name: "Pause" }).click();
  await expect(files.getByRole("button", { name: "Resume" })).toBeVisible();
  await files.getByRole("button", { name: "Resume" }).click();
  await expect(files.getByRole("status")).toContainText("card.pdf uploaded", { timeout: 20_000 });
  // The bytes went to Storage in chunks (the page's own requests), not to the server.
  expect(chunks).toBeGreaterThanOrEqual(2);

  const row = files.getByRole("row").filter({ hasText: "card.pdf" });
  await expect(row.getByText("Failed")).toBeVisible({ timeout: 15_000 });
  // Its thumbnail (made before preflight, in the shop bucket) is drawn: the card's first page, 128 px wide.
  const thumbnail = row.getByRole("img", { name: "Preview of card.pdf" });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
  await row.getByRole("button", { name: "Expand row" }).click();
  await expect(files.getByRole("region", { name: "Preflight of card.pdf" })).toContainText(
    "Bleed: No bleed: the artwork stops at the trim.",
  );

  // The file is the order's, in the shop bucket, and its download link gives back every byte.
  const stored = await page.request.get(`/api/v1/order-files?order_id=${order.id}&kind=artwork`, { headers });
  const file = (
    (await stored.json()) as { data: { id: number; name: string; size: number; bucket: string }[] }
  ).data.find((f) => f.name === "card.pdf");
  expect(file).toMatchObject({ size: pdf.length, bucket: "shop" });
  const link = await page.request.get(`/api/v1/order-files/${file?.id}/link`, { headers });
  const download = await page.request.get(((await link.json()) as { data: { url: string } }).data.url);
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);
});
