// Issue 6's flows end to end: an order with three items created and edited in the generated form (the
// server recomputes its totals, the order desk shows them), a purchase order received into inventory, a
// refund requested in its form and decided in the queue (and a stale decision refused), a 500-row product import. The API is used only
// to look up seeded records and to check what the pages stored; every record a test writes has a
// run-unique number or name, so the tests run in any order and again on the same database.
import { type Page, test } from "@playwright/test";
import { cell, chooseOption, detail, pickDateTime, pickReference, unique, usd } from "./form-steps";
import { sessionToken, withSession } from "./sign-in";
import { apiAs, drawer, expect } from "./ui-steps";

/** The first look after a full page load (the app's chunks, then the page's data): what a person waits for a page. */
const LOAD = { timeout: 15_000 };

interface Named {
  id: number;
  name: string;
}

interface Product extends Named {
  sku: string;
}

interface Inventory extends Named {
  sku: string;
  on_hand: number;
}

interface StoredOrder {
  subtotal: number;
  total: number;
  items: { id: number; product_id: number; quantity: number; price: number }[];
}

interface QuantityChange {
  inventory_id: number;
  type: string;
  quantity: number;
  reference: string | null;
}

test("an order with three items: created in the page, one item changed, totals recomputed by the server", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withSession(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [customer] = await api.get<Named[]>("customers?sort=name&limit=1");
  const [site] = await api.get<Named[]>("sites?sort=name&limit=1");
  const products = await api.get<Product[]>(`products?site_id=${site.id}&active=true&sort=sku&limit=3`);
  expect(products).toHaveLength(3);
  const number = `E2E-${unique()}`;
  const items = [
    { quantity: 500, price: 120 },
    { quantity: 250, price: 45.5 },
    { quantity: 1000, price: 300 },
  ];
  const charges = { discount: 10, shipping: 15.5, tax: 8.25 };
  const totalOf = (prices: number[]) => {
    const subtotal = prices.reduce((a, b) => a + b, 0);
    return { subtotal, total: subtotal - charges.discount + charges.shipping + charges.tax };
  };

  // Create: the order's fields, then three rows of the inline items table.
  await page.goto("/orders/create");
  const form = page.locator("form");
  await expect(page.getByRole("heading", { name: "Create order", level: 3 })).toBeVisible(LOAD);
  await form.getByLabel("Order number").fill(number);
  await pickReference(page, form, "Customer", customer.name);
  await pickReference(page, form, "Site", site.name);
  await pickDateTime(page, form, "Ordered at", "2026-03-02 09:30");
  await form.getByLabel("Discount").fill(String(charges.discount));
  await form.getByLabel("Shipping").fill(String(charges.shipping));
  await form.getByLabel("Tax").fill(String(charges.tax));
  const table = form.getByRole("region", { name: "Items" });
  for (const [index, item] of items.entries()) {
    // An order needs an item: the form starts with one row.
    if (index > 0) await table.getByRole("button", { name: "Add item" }).click();
    const row = index + 1;
    await pickReference(page, table, `Product, item ${row}`, products[index].name);
    await cell(table, "Description", "item", row).fill(`${products[index].name} for ${number}`);
    await cell(table, "Quantity", "item", row).fill(String(item.quantity));
    await cell(table, "Price", "item", row).fill(String(item.price));
  }
  await form.getByRole("button", { name: "Save" }).click();

  // The order's page (the order desk): the server's subtotal and total in its header, the three items below.
  const created = totalOf(items.map((i) => i.price));
  const heading = page.getByRole("heading", { name: `Order ${number}`, level: 3 });
  await expect(heading).toBeVisible();
  const totals = detail(page, "Totals");
  await expect(totals).toContainText(`${usd(created.subtotal)} −`);
  await expect(totals.locator("strong")).toHaveText(usd(created.total));
  const itemRows = page
    .locator(".ant-table")
    .filter({ has: page.getByRole("columnheader", { name: "Options" }) })
    .locator("tr.ant-table-row");
  await expect(itemRows).toHaveCount(3);
  const id = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  const rowIds = (await api.get<StoredOrder>(`orders/${id}`)).items.map((i) => i.id);

  // Edit: the second item's quantity and price.
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit order", level: 3 })).toBeVisible();
  const editTable = page.locator("form").getByRole("region", { name: "Items" });
  const quantity = cell(editTable, "Quantity", "item", 2);
  await expect(quantity).toHaveValue("250");
  await quantity.fill("500");
  await cell(editTable, "Price", "item", 2).fill("80");
  await page.locator("form").getByRole("button", { name: "Save" }).click();

  const edited = totalOf([items[0].price, 80, items[2].price]);
  await expect(heading).toBeVisible();
  await expect(totals).toContainText(`${usd(edited.subtotal)} −`);
  await expect(totals.locator("strong")).toHaveText(usd(edited.total));
  // Its cells: the expander, #, product, options, quantity, price.
  const second = itemRows.nth(1);
  await expect(second.getByRole("cell").nth(4)).toHaveText("500");
  await expect(second.getByRole("cell").nth(5)).toHaveText(usd(80));

  // Stored as shown: the same three rows, the second changed in place.
  const stored = await api.get<StoredOrder>(`orders/${id}`);
  expect(stored).toMatchObject({ subtotal: edited.subtotal, total: edited.total });
  expect(stored.items.map((i) => [i.id, i.product_id, i.quantity, Number(i.price)])).toEqual([
    [rowIds[0], products[0].id, 500, 120],
    [rowIds[1], products[1].id, 500, 80],
    [rowIds[2], products[2].id, 1000, 300],
  ]);
});

test("a purchase order received into inventory: on hand raised and a receive entry in the quantity log", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withSession(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  // A paper item bought from a merchant (the last by SKU: apart from the other tests' items).
  const paper = await api.get<{ id: number }[]>("inventory-types?is_paper=true");
  const papers = await api.get<(Inventory & { vendor_id: number | null })[]>(
    `inventories?inventory_type_id=${paper.map((t) => t.id).join(",")}&active=true&sort=-sku&limit=50`,
  );
  const item = papers.find((p) => p.vendor_id !== null);
  if (!item) throw new Error("The seed has no paper item with a vendor");
  const vendor = await api.get<Named>(`vendors/${item.vendor_id}`);
  const [dock] = await api.get<Named[]>("facilities?sort=name&limit=1");
  const number = `PO-E2E-${unique()}`;
  const quantity = 20;

  // A sent purchase order with one line of that paper.
  await page.goto("/purchase-orders/create");
  await expect(page.getByRole("heading", { name: "Create purchase order", level: 3 })).toBeVisible(LOAD);
  const form = page.locator("form");
  await form.getByLabel("PO number").fill(number);
  await pickReference(page, form, "Vendor", vendor.name);
  await chooseOption(page, form, "Status", "Sent");
  await pickReference(page, form, "Deliver to", dock.name);
  const lines = form.getByRole("region", { name: "Lines" });
  await lines.getByRole("button", { name: "Add line" }).click();
  await pickReference(page, lines, "Item, line 1", item.name);
  await cell(lines, "Description", "line", 1).fill(item.name);
  await cell(lines, "Quantity", "line", 1).fill(String(quantity));
  await cell(lines, "Unit cost", "line", 1).fill("39.50");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: number, level: 3 })).toBeVisible();
  await expect(detail(page, "Status")).toHaveText("Sent");
  // Nothing received yet: on hand as it was.
  expect(await api.get<Inventory>(`inventories/${item.id}`)).toMatchObject({ on_hand: item.on_hand });

  // Receive the whole line.
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit purchase order", level: 3 })).toBeVisible();
  const received = cell(
    page.locator("form").getByRole("region", { name: "Lines" }),
    "Quantity received",
    "line",
    1,
  );
  await expect(received).toHaveValue("0");
  await received.fill(String(quantity));
  await page.locator("form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: number, level: 3 })).toBeVisible();
  // Every line in: the server moved the order on to received.
  await expect(detail(page, "Status")).toHaveText("Received");

  // The line's item: on hand raised by the receipt.
  const after = item.on_hand + quantity;
  await page
    .getByRole("region", { name: "Lines" })
    .getByRole("link", { name: item.name, exact: true })
    .click();
  const shown = drawer(page, item.name);
  await expect(detail(shown, "On hand")).toHaveText(after.toLocaleString("en-US"));
  expect(await api.get<Inventory>(`inventories/${item.id}`)).toMatchObject({ on_hand: after });

  // Its quantity log: a receive entry naming the purchase order.
  await shown.getByRole("button", { name: "Quantity log" }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/quantity-change-logs\\?inventory_id=${item.id}$`));
  const entry = page.getByRole("row").filter({ hasText: number });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("cell").nth(3)).toHaveText("Receive");
  await expect(entry.getByRole("cell").nth(4)).toHaveText(`+${quantity}`);
  await expect(entry.getByRole("cell").nth(5)).toHaveText(after.toLocaleString("en-US"));
  const [logged] = await api.get<QuantityChange[]>(
    `inventories/quantity-change-logs?inventory_id=${item.id}&limit=1`,
  );
  expect(logged).toMatchObject({ inventory_id: item.id, type: "receive", quantity, reference: number });
});

interface Refund {
  id: number;
  order_id: number;
  status: string;
  notes: string | null;
}

test("a refund requested in its form, approved in the queue; a decision overtaken by another is refused with the server's 409", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withSession(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [order] = await api.get<{ id: number; order_number: string }[]>(
    // The largest paid order: a refund gives back at most what its payments took (hooks/refund-approvals.ts).
    "orders?payment_status=paid&sort=-total&limit=1",
  );
  const note = `Smudged proof, claim ${unique()}`;

  // Requested: a new refund (the form starts it there), a reprint rather than money back.
  await page.goto("/refund-approvals/create");
  const create = drawer(page, "Create refund approval");
  await expect(create.getByLabel("Notes")).toBeVisible(LOAD);
  await pickReference(page, create, "Order", order.order_number);
  await create.getByLabel("Amount").fill("42.50");
  await chooseOption(page, create, "Reason", "Print defect");
  await chooseOption(page, create, "Remedy", "Reprint");
  await create.getByLabel("Notes").fill(note);
  await create.getByRole("button", { name: "Save" }).click();
  await expect(create).toHaveCount(0);
  const refund = (await api.get<Refund[]>(`refund-approvals?order_id=${order.id}&limit=100`)).find(
    (r) => r.notes === note,
  );
  if (!refund) throw new Error(`The refund "${note}" was not stored`);
  expect(refund.status).toBe("requested");

  // The queue, narrowed to the order, in two tabs of one manager's browser.
  const queue = `/refund-approvals?order=${encodeURIComponent(order.order_number)}`;
  const rowIn = (p: Page) => p.getByRole("row").filter({ hasText: note });
  await page.goto(queue);
  await expect(rowIn(page).getByText("Requested", { exact: true })).toBeVisible(LOAD);
  const other = await page.context().newPage();
  await other.goto(queue);
  await expect(rowIn(other)).toBeVisible(LOAD);

  // The first approves: a reprint is recorded as processed at once.
  await page.bringToFront();
  await rowIn(page)
    .getByRole("button", { name: `Approve the request on ${order.order_number}` })
    .click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(
    `Refund request #${refund.id} approved and recorded as processed`,
  );
  await expect(rowIn(page)).toHaveCount(0);
  expect(await api.get<Refund>(`refund-approvals/${refund.id}`)).toMatchObject({ status: "processed" });

  // The second, still showing the request, rejects it: the server refuses the stale decision and says why.
  await other.bringToFront();
  await rowIn(other)
    .getByRole("button", { name: `Reject the request on ${order.order_number}` })
    .click();
  const reject = other.getByRole("dialog", { name: `Reject the refund request on ${order.order_number}` });
  await reject.getByLabel("Why is it rejected?").fill("Customer approved the proof");
  await reject.getByRole("button", { name: "Reject" }).click();
  await expect(reject.getByRole("alert")).toContainText("was changed by someone else since you opened it");
  expect(await api.get<Refund>(`refund-approvals/${refund.id}`)).toMatchObject({ status: "processed" });
  await other.close();
});

/** A product CSV of `count` rows; `broken` rows get the cells given for them. */
function productCsv(
  prefix: string,
  type: string,
  count: number,
  broken: Record<number, Record<string, string>> = {},
) {
  const header = ["SKU", "Name", "Product type", "Setup fee", "Turnaround days"];
  const lines = [header.join(",")];
  for (let n = 1; n <= count; n++) {
    const number = String(n).padStart(3, "0");
    const row: Record<string, string> = {
      SKU: `${prefix}-${number}`,
      Name: `${prefix} postcard ${number}`,
      "Product type": type,
      "Setup fee": "12.50",
      "Turnaround days": String(1 + (n % 5)),
      ...broken[n],
    };
    lines.push(header.map((column) => row[column]).join(","));
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

test("a product import of 500 rows: two bad rows block the commit, the fixed file imports all 500", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withSession(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  // The last site by name: the order test takes its products from the first.
  const [site] = await api.get<Named[]>("sites?sort=-name&limit=1");
  const [type] = await api.get<Named[]>("product-types?sort=name&limit=1");
  const prefix = `IMP${unique()}`;
  // Data rows 137 and 412 are spreadsheet rows 138 and 413 (the header is row 1).
  const bad = { 137: { Name: "" }, 412: { "Turnaround days": "120" } };

  await page.goto(`/products/${site.id}/import`);
  await expect(
    page.getByRole("heading", { name: `Import products into ${site.name}`, level: 3 }),
  ).toBeVisible(LOAD);
  const upload = page.locator('input[type="file"]');
  await upload.setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: productCsv(prefix, type.name, 500, bad),
  });

  // The preview: exactly those two rows' problems, and no way to commit.
  await expect(page.getByText("2 of 500 rows have problems")).toBeVisible();
  const problems = page
    .locator(".ant-table-wrapper")
    .filter({ has: page.locator(".ant-table-title", { hasText: "Problems" }) });
  const problemRows = problems.locator("tbody tr");
  await expect(problemRows).toHaveCount(2);
  await expect(problemRows.nth(0).getByRole("cell").nth(0)).toHaveText("138");
  await expect(problemRows.nth(0).getByRole("cell").nth(1)).toHaveText("Name");
  await expect(problemRows.nth(1).getByRole("cell").nth(0)).toHaveText("413");
  await expect(problemRows.nth(1).getByRole("cell").nth(1)).toHaveText("Turnaround days");
  await expect(problemRows.nth(1).getByRole("cell").nth(2)).toContainText("90");
  const commit = page.getByRole("button", { name: "Import 500 products" });
  await expect(commit).toBeDisabled();

  // The fixed file: ready, then imported in one go.
  await upload.setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: productCsv(prefix, type.name, 500),
  });
  await expect(page.getByText("500 rows are ready to import")).toBeVisible();
  await expect(problems).toHaveCount(0);
  await expect(commit).toBeEnabled();
  await commit.click();
  await expect(page.getByText("Imported 500 products")).toBeVisible();

  // The site's products list has them: 500 matches, 20 pages of 25.
  await page.getByRole("link", { name: "Back to the products" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${site.id}$`));
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.fill(prefix);
  await search.press("Enter");
  await expect(page.getByRole("cell", { name: `${prefix}-001`, exact: true })).toBeVisible();
  await expect(page.locator(".ant-pagination-item").last()).toHaveText("20");
  const response = await request.get(`/api/v1/products?site_id=${site.id}&search=${prefix}&limit=1`, {
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(500);
  const [first] = await api.get<(Product & { site_id: number; setup_fee: number })[]>(
    `products?site_id=${site.id}&search=${prefix}-001&limit=1`,
  );
  expect(first).toMatchObject({ sku: `${prefix}-001`, site_id: site.id, setup_fee: 12.5 });
});
