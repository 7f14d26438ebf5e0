// Issue 19, preflight and proofs, as a customer-service representative works them: Casey (CSR) opens an
// order's Files tab, uploads a business card's PDF without bleed (a progress bar while it goes), sees
// preflight fail it for the missing bleed, uploads a fixed one that passes, sends it to the customer as
// proof 1 (its thumbnail on the proof's row and the item's) and records the customer's approval: the item is
// approved. The PDFs are made here with pdf-lib;
// the order, its product (3.5 × 2 in) and customer (with an email) through the API first.
import { test } from "@playwright/test";
import { testPdf } from "../server/preflight-pdfs";
import { managerBesideCsr } from "./api-of";
import { expect } from "./ui-steps";

interface Saved {
  id: number;
  version: number;
  [key: string]: unknown;
}

test("a CSR sees preflight flag a missing bleed, uploads a fixed file that passes, sends a proof and records the approval", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A manager sets up the product, customer and order through the API; Casey (CSR) works the order.
  const { manager, admin, api, tag, itemStatus } = await managerBesideCsr(page, browser);
  const [site] = await admin.get<Saved[]>("sites?limit=1");
  const [type] = await admin.get<Saved[]>("product-types?limit=1");
  const received = itemStatus("received");
  const product = await admin.post<Saved>("products", {
    sku: `BC-${tag}`,
    name: `Card ${tag}`,
    site_id: site.id,
    product_type_id: type.id,
    finished_width: 3.5,
    finished_height: 2,
    flat_width: 3.5,
    flat_height: 2,
    bleed: 0.125,
  });
  const customer = await admin.post<Saved>("customers", {
    name: `Proofs E2E ${tag}`,
    status: "active",
    terms: "net30",
    contact_email: `buyer-${tag}@proofs.test`,
  });
  const order = await admin.post<Saved & { order_number: string }>("orders", {
    customer_id: customer.id,
    items: [
      {
        product_id: product.id,
        description: "Business cards",
        quantity: 500,
        price: 60,
        item_status_id: received,
      },
    ],
  });

  await manager.close();
  await page.goto(`/orders/${order.id}?tab=files`);
  await expect(page.getByRole("heading", { level: 3, name: `Order ${order.order_number}` })).toBeVisible();
  const files = page.getByRole("tabpanel", { name: "Files" });
  await files.getByLabel("Item").first().click();
  await page.getByTitle("Item 1: Business cards").click();

  // A card cut at its edge: preflight fails it, and says why.
  await files.getByLabel("File to upload").setInputFiles({
    name: "card.pdf",
    mimeType: "application/pdf",
    buffer: await testPdf({ page: [3.5, 2] }),
  });
  await expect(files.getByRole("status")).toContainText("card.pdf uploaded");
  const bare = files.getByRole("row").filter({ hasText: "card.pdf" });
  await expect(bare.getByText("Failed")).toBeVisible({ timeout: 15_000 });
  await bare.getByRole("button", { name: "Expand row" }).click();
  await expect(files.getByRole("region", { name: "Preflight of card.pdf" })).toContainText(
    "Bleed: No bleed: the artwork stops at the trim. Extend it 0.125 in past each edge (a page of 3.75 × 2.25 in).",
  );

  // The fixed file, with 1/8" bleed around the trim: it passes.
  await files.getByLabel("File to upload").setInputFiles({
    name: "card-bleed.pdf",
    mimeType: "application/pdf",
    buffer: await testPdf({ page: [3.75, 2.25], trimInset: 0.125, bleedInset: 0 }),
  });
  const fixed = files.getByRole("row").filter({ hasText: "card-bleed.pdf" });
  await expect(fixed.getByText("Passed")).toBeVisible({ timeout: 15_000 });

  // Proof 1 goes to the customer.
  await files.getByRole("button", { name: "Send proof" }).click();
  const send = page.getByRole("dialog", { name: "Send a proof to the customer" });
  await send.getByRole("combobox", { name: "Item" }).click();
  await page.getByTitle("Item 1: Business cards").last().click();
  await send.getByRole("combobox", { name: "File" }).click();
  await page.getByTitle("card-bleed.pdf").click();
  await send.getByRole("button", { name: "Send proof" }).click();
  await expect(files.getByText(`Proof 1 sent to buyer-${tag}@proofs.test`)).toBeVisible();
  const proofs = files.getByRole("table", { name: "Proofs" });
  await expect(proofs.getByRole("row").filter({ hasText: "Proof 1" })).toContainText("Awaiting answer");
  await expect(page.getByRole("cell", { name: "Awaiting proof approval" })).toBeVisible();
  // Thumbnails, drawn by the server after each upload: the proof's file on its row, and the item's two
  // artwork files on its row of the order's items (the failed card too: it is a whole PDF).
  const proofThumb = proofs
    .getByRole("row")
    .filter({ hasText: "Proof 1" })
    .getByRole("img", { name: "Preview of card-bleed.pdf" });
  await expect(proofThumb).toBeVisible();
  await expect.poll(() => proofThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
  const itemRow = page.getByRole("row").filter({ hasText: `SKU BC-${tag}` });
  await expect(itemRow.getByRole("img", { name: "Preview of card.pdf" })).toBeVisible();
  await expect(itemRow.getByRole("img", { name: "Preview of card-bleed.pdf" })).toBeVisible();

  // The customer approves by phone; Casey records it.
  await proofs.getByRole("button", { name: "Record answer" }).click();
  const answer = page.getByRole("dialog", { name: "The customer's answer to proof 1" });
  await answer.getByRole("radio", { name: "Approved" }).check();
  await answer.getByLabel("Comment (optional)").fill("Approved by phone");
  await answer.getByRole("button", { name: "Record answer" }).click();
  const row = proofs.getByRole("row").filter({ hasText: "Proof 1" });
  await expect(row).toContainText("Approved");
  await expect(row).toContainText("Approved by phone");
  await expect(page.getByRole("cell", { name: "Approved", exact: true }).first()).toBeVisible();
  const stored = await api.get<Saved & { items: { item_status_id: number; proof_version: number }[] }>(
    `orders/${order.id}`,
  );
  expect(stored.items[0]).toMatchObject({
    item_status_id: itemStatus("approved"),
    proof_version: 1,
  });
});
