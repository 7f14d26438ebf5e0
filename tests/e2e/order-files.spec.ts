// Issue 19, order files, as a CSR works them: Casey opens an order's Files tab, uploads a 12 MB artwork
// file and watches its progress bar; the connection drops in the middle (the second chunk is cut off
// at the browser) and the upload resumes from the offset the server holds; the file is listed,
// downloads through its signed link, and shows on /order-files under its filters.
import { test } from "@playwright/test";
import { sessionToken, signedInAs } from "./sign-in";
import { expect } from "./ui-steps";

const CHUNK = 8 * 1024 * 1024; // the app's tus chunk size (file-upload.ts)

test("a CSR uploads artwork with a progress bar, the upload resumes after a dropped connection, and the file downloads", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // The manager sets up the order through the API; the CSR works it.
  const manager = await browser.newPage();
  await signedInAs(manager, "admin@pressroom.test");
  const headers = { Authorization: `Bearer ${await sessionToken(manager)}` };
  const call = async <T>(method: "GET" | "POST", path: string, data?: object) => {
    const response = await manager.request.fetch(`/api/v1/${path}`, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  const tag = Date.now().toString(36);
  const [product] = await call<{ id: number }[]>("GET", "products?active=true&limit=1");
  const statuses = await call<{ id: number; code: string }[]>("GET", "statuses?entity=order_item&limit=100");
  const staged = statuses.find((s) => s.code === "staged")?.id;
  const customer = await call<{ id: number }>("POST", "customers", {
    name: `Files E2E ${tag}`,
    status: "active",
  });
  const order = await call<{ id: number; order_number: string }>("POST", "orders", {
    customer_id: customer.id,
    customer_po: `PO-${tag}`,
    items: [
      { product_id: product.id, description: "Postcards", quantity: 250, price: 90, item_status_id: staged },
    ],
  });
  await manager.close();
  await signedInAs(page, "csr@pressroom.test");

  // The second chunk's first attempt is cut off; every chunk is slowed so the bar is seen moving.
  const patches: string[] = [];
  let heads = 0;
  await page.route("**/api/v1/uploads/shop/**", async (route) => {
    const request = route.request();
    if (request.method() === "HEAD") heads++;
    if (request.method() !== "PATCH") return route.continue();
    const offset = (await request.allHeaders())["upload-offset"];
    patches.push(offset);
    if (offset === String(CHUNK) && patches.filter((o) => o === offset).length === 1) {
      return route.abort("connectionreset");
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    return route.continue();
  });

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 3, name: `Order ${order.order_number}` })).toBeVisible();
  await page.getByRole("tab", { name: "Files" }).click();
  await expect(page.getByText("No files yet")).toBeVisible();
  const bytes = Buffer.alloc(12 * 1024 * 1024, 0x25);
  await page
    .getByLabel("File to upload")
    .setInputFiles({ name: "postcard-front.pdf", mimeType: "application/pdf", buffer: bytes });
  await expect(page.getByRole("progressbar", { name: "Uploading postcard-front.pdf" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("postcard-front.pdf uploaded", { timeout: 20_000 });
  // Resumed, not restarted: after the cut the client asked the server where it stood and sent
  // the second chunk again from there; the first chunk went once.
  expect(heads).toBeGreaterThanOrEqual(1);
  expect(patches).toEqual(["0", String(CHUNK), String(CHUNK)]);

  const row = page.getByRole("row", { name: /postcard-front\.pdf/ });
  await expect(row).toContainText("Artwork");
  await expect(row).toContainText("12.0 MB");
  await expect(row).toContainText("Not checked");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "postcard-front.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("postcard-front.pdf");

  // Every order's files, filtered in the URL.
  await page.goto(`/order-files?order_id=${order.id}&kind=artwork`);
  const listed = page.getByRole("row", { name: /postcard-front\.pdf/ });
  await expect(listed).toContainText(order.order_number);
  await expect(listed).toContainText(`Files E2E ${tag}`);
  await page.goto(`/order-files?order_id=${order.id}&kind=proof`);
  await expect(page.getByText("No files yet")).toBeVisible();
});
