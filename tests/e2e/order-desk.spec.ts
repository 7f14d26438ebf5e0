// Issue 19, the order desk, as a customer-service representative works it: Casey (CSR) opens an order, holds and
// releases it, takes an on-account payment (the amount due follows at once), makes its packing slip and ships it,
// prints the job ticket and the slip's ticket to PDF (their text holds the order number; the slip shows no price),
// and a manager approves a refund in the queue. The order and its customer are made through the API first, with
// names of their own, so the test does not depend on the demo data's state.
import { type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { managerBesideCsr } from "./api-of";
import { confirmPopover, expect } from "./ui-steps";

interface Saved {
  id: number;
  version: number;
  [key: string]: unknown;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages.join("\n");
}

/** A print-out in a tab of its own; the browser's print dialog is stood in for (window.print does nothing). */
async function printPage(from: Page, path: string): Promise<Page> {
  const page = await from.context().newPage();
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.goto(path);
  return page;
}

test("a CSR holds, releases, takes a payment, ships and prints an order; a manager approves its refund", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The manager (who sets up the order through the API, then decides the refund) and the CSR.
  const { manager, admin, api, tag, itemStatus } = await managerBesideCsr(page, browser);
  const [product] = await admin.get<Saved[]>("products?active=true&limit=1");
  const staged = itemStatus("staged");
  const customer = await admin.post<Saved>("customers", {
    name: `Desk E2E ${tag}`,
    status: "active",
    terms: "net30",
  });
  const order = await admin.post<Saved & { order_number: string }>("orders", {
    customer_id: customer.id,
    customer_po: `PO-${tag}`,
    items: [
      {
        product_id: product.id,
        description: "Business cards",
        quantity: 500,
        price: 120,
        item_status_id: staged,
      },
      { product_id: product.id, description: "Flyers", quantity: 1000, price: 80, item_status_id: staged },
    ],
  });
  const number = order.order_number;

  // The order page: header, items, its status.
  await page.goto(`/orders/${order.id}`);
  const title = page.getByRole("heading", { level: 3, name: `Order ${number}` });
  await expect(title).toBeVisible();
  await expect(page.getByRole("cell", { name: /Business cards/ })).toBeVisible();
  await expect(page.getByTestId("amount-due")).toHaveText("$200.00");
  // The title's own row (its status tag beside it), not the page, whose items carry statuses too.
  const header = page.locator(".ant-space").filter({ has: title }).last();

  // Hold with a reason, then release: the status follows each time, back to where it was held from.
  const statusTag = header.locator(".ant-badge-status-text");
  await expect(statusTag).not.toHaveText("On hold");
  const before = (await statusTag.textContent()) ?? "";
  await page.getByRole("button", { name: "Hold", exact: true }).click();
  const hold = page.getByRole("dialog", { name: `Put the order on hold ${number}` });
  await hold.getByLabel("Why is it on hold? (optional)").fill("Waiting for the customer's PO");
  await hold.getByRole("button", { name: "Hold" }).click();
  await expect(page.getByRole("status")).toContainText(`Order ${number}: on hold`);
  await expect(statusTag).toHaveText("On hold");
  await page.getByRole("button", { name: "Release", exact: true }).click();
  await page
    .getByRole("dialog", { name: `Release the order ${number}` })
    .getByRole("button", { name: "Release" })
    .click();
  await expect(page.getByRole("status")).toContainText(`Order ${number}: released`);
  await expect(statusTag).toHaveText(before);

  // An on-account payment: the amount due follows at once.
  await page.getByRole("button", { name: "Take payment" }).click();
  const pay = page.getByRole("dialog", { name: `Take a payment on ${number}` });
  await expect(pay.getByRole("radio", { name: "On account" })).toBeChecked();
  await pay.getByLabel("Amount").fill("50");
  await pay.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByTestId("amount-due")).toHaveText("$150.00");

  // The packing slip: made from the order, shipped with its carrier and tracking; the items follow to Shipped.
  await page.getByRole("button", { name: "Make packing slip" }).click();
  await expect(page).toHaveURL(/\/packing-slips\/\d+$/);
  const slipId = Number(new URL(page.url()).pathname.split("/").pop());
  const slipTitle = page.getByRole("heading", { level: 3, name: /^Packing slip PS-/ });
  await expect(slipTitle).toBeVisible();
  const slipNumber = (await slipTitle.textContent())?.replace("Packing slip ", "") ?? "";
  await page.getByLabel("Carrier").click();
  await page.getByTitle("UPS", { exact: true }).click();
  await page.getByLabel("Tracking number").fill(`1Z${tag}`);
  await page.getByLabel("Cartons").fill("2");
  await page.getByLabel("Weight (lb)").fill("14.5");
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("status")).toContainText(`${slipNumber} is shipped`);
  const shipped = await api.get<Saved & { items: { item_status_id: number }[] }>(`orders/${order.id}`);
  const shippedId = itemStatus("shipped");
  expect(shipped.items.map((i) => i.item_status_id)).toEqual([shippedId, shippedId]);

  // The slip's ticket: printed (counted), the PDF holds the numbers and no price.
  const slipPrint = await printPage(page, `/packing-slips/${slipId}/print-ticket`);
  await expect(slipPrint.getByRole("heading", { level: 1 })).toHaveText(`Packing slip ${slipNumber}`);
  await slipPrint.getByRole("button", { name: "Print" }).click();
  await expect(slipPrint.getByText("printed 1 time", { exact: false })).toBeVisible();
  const slipText = await pdfText(await slipPrint.pdf({ format: "Letter" }));
  for (const words of [slipNumber, number, `PO-${tag}`, `1Z${tag}`, "Business cards", "Flyers"]) {
    expect(slipText).toContain(words);
  }
  expect(slipText).not.toMatch(/\$|price|total/i);
  await slipPrint.close();

  // The job ticket: printed (counted in the order's log), the PDF holds the order number on Letter and A4.
  const ticket = await printPage(page, `/orders/${order.id}/job-ticket`);
  await expect(ticket.getByRole("heading", { level: 1 })).toHaveText(`Job ticket · ${number}`);
  await ticket.getByRole("button", { name: "Print" }).click();
  await expect(ticket.getByText("printed 1 time")).toBeVisible();
  for (const format of ["Letter", "A4"] as const) {
    const text = await pdfText(await ticket.pdf({ format }));
    expect(text, format).toContain(number);
    expect(text, format).toContain("Business cards");
    expect(text, format).not.toContain("$");
  }
  await ticket.close();

  // A refund request on the payment (customer service asks), decided by a manager in the queue.
  const [payment] = await api.get<Saved[]>(`user-payments?order_id=${order.id}`);
  await api.post("refund-approvals", {
    order_id: order.id,
    payment_id: payment.id,
    amount: 20,
    reason: "damaged",
    remedy: "refund",
  });
  await manager.goto(`/refund-approvals?order=${number}`);
  const row = manager.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("$20.00");
  await row.getByRole("button", { name: `Approve the request on ${number}` }).click();
  await confirmPopover(manager, `Approve $20.00 (refund) on ${number}?`, "Approve");
  await expect(manager.getByRole("status")).toContainText("approved and recorded as processed");
  await expect(manager.getByRole("row").filter({ hasText: number })).toHaveCount(0);
  await manager.close();

  // The order page shows the money that went back.
  await page.goto(`/orders/${order.id}?tab=money`);
  await expect(page.getByTestId("amount-due")).toHaveText("$170.00");
});
