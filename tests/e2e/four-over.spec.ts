import { test } from "@playwright/test";
import {
  FOUR_OVER_E2E_PORT,
  FOUR_OVER_PRIVATE,
  FOUR_OVER_PUBLIC,
  PRODUCT_UUID,
  startFourOver,
} from "../server/four-over-server";
import { signedInAs } from "./sign-in";
import { apiAs, expect, openMenu } from "./ui-steps";

// The 4over tool (issue 22) as the administrator walks it, against a local 4over that checks the signature as 4over
// documents it: the shop's keys put on the 4over integration, an approved item of a product mapped to a 4over
// product (made through the API), found from the menu by its order number, previewed (options, shipping quote),
// sent after a confirmation, and its status and tracking brought back with Refresh status.

test("4over trade printer, as the administrator", async ({ page, request }) => {
  test.setTimeout(120_000);
  // Where playwright.config.ts tells the server 4over is (FOUR_OVER_API_URL).
  const fourOver = await startFourOver(FOUR_OVER_E2E_PORT);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [integration] = await api.get<{ id: number; version: number }[]>(
    "integrations?kind=four_over&limit=1",
  );
  if (!integration) throw new Error("the demo has no 4over integration");
  try {
    await api.patch(`integrations/${integration.id}`, {
      version: integration.version,
      credentials: { public_key: FOUR_OVER_PUBLIC, private_key: FOUR_OVER_PRIVATE },
    });
    const stamp = Date.now().toString(36);
    const [site] = await api.get<{ id: number }[]>("sites?limit=1");
    const [type] = await api.get<{ id: number }[]>("product-types?limit=1");
    const product = await api.post<{ id: number }>("products", {
      sku: `E2E-4O-${stamp}`,
      name: "Trade foil cards",
      site_id: site?.id,
      product_type_id: type?.id,
    });
    await api.post("maps", {
      name: `4over: e2e ${stamp}`,
      kind: "four_over_product",
      source_key: `E2E-4O-${stamp}`,
      target_key: PRODUCT_UUID,
    });
    const customer = await api.post<{ id: number }>("customers", { name: `Trade buyer ${stamp}` });
    const address = await api.post<{ id: number }>("customer-addresses", {
      customer_id: customer.id,
      kind: "shipping",
      company: "Trade buyer",
      street1: "100 Main St",
      city: "Springfield",
      state: "IL",
      postal_code: "62701",
      phone: "(217) 555-0142",
    });
    const statuses = await api.get<{ id: number; code: string }[]>("statuses?entity=order_item&limit=100");
    const number = `FO-${stamp}`;
    await api.post("orders", {
      order_number: number,
      customer_id: customer.id,
      ship_to_id: address.id,
      items: [
        {
          product_id: product.id,
          description: "Foil cards",
          quantity: 500,
          color_spec: "4/4",
          item_status_id: statuses.find((s) => s.code === "approved")?.id,
        },
      ],
    });

    await openMenu(page, "4over trade printer");
    await page.getByText("Ready to send", { exact: true }).click();
    await expect(page).toHaveURL(/state=candidate/);
    await page.getByLabel("Search order or 4over job number").fill(number);
    await page.getByLabel("Search order or 4over job number").press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${number}`));
    const table = page.getByLabel("Order items for 4over", { exact: true });
    await expect(table.getByRole("row").filter({ hasText: number })).toContainText("Not sent");
    await table.getByRole("link", { name: `Open item 1 of ${number}` }).click();

    await expect(page.getByRole("heading", { name: `${number}, item 1: Foil cards` })).toBeVisible();
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByText("2 - 4 Business Days")).toBeVisible();
    await page.getByRole("radio", { name: "UPS Ground, $14.53" }).check();
    await page.getByRole("button", { name: "Send to 4over" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText(/went to 4over as job Z\d+-001/)).toBeVisible();
    const jobId = [...fourOver.state.jobs.keys()].at(-1) as string;
    await expect(page.getByText(jobId, { exact: true })).toBeVisible();

    const job = fourOver.state.jobs.get(jobId);
    job?.statuses.push("Shipped");
    job?.tracking.push("1Z999AA10123456784");
    await page.getByRole("button", { name: "Refresh status" }).click();
    await expect(page.getByText("1Z999AA10123456784")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Shipped" })).toBeVisible();
  } finally {
    const [current] = await api.get<{ id: number; version: number }[]>("integrations?kind=four_over&limit=1");
    if (current) {
      await api.patch(`integrations/${current.id}`, {
        version: current.version,
        credentials: null,
        settings: { base_url: "https://api.4over.com" },
      });
    }
    await fourOver.stop();
  }
});
