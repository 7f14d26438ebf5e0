import { type Locator, test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect, openMenu } from "./ui-steps";

// The graphic service manager (issue 22) as the administrator walks it: an order whose first item asks for design
// work (entered through the API), found in the queue by the Unassigned filter (kept in the address), a designer
// assigned and a due date set in its row, an hour and a half logged, and the order showing the Graphic design line
// billed at $75.00 an hour.

test("graphic service manager, as the administrator", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [customer] = await api.get<{ id: number }[]>("customers?limit=1");
  const [product] = await api.get<{ id: number }[]>("products?limit=1");
  const number = `GS-${Date.now().toString(36)}`;
  const order = await api.post<{ id: number }>("orders", {
    order_number: number,
    customer_id: customer?.id,
    items: [
      {
        product_id: product?.id,
        description: "Postcards 4×6",
        quantity: 500,
        design_request: "Spring sale postcard: our logo, two photos, the offer on the back",
      },
    ],
  });

  /** Picks `option` in an antd select (its dropdown's entries carry their label as title). */
  const choose = async (select: Locator, option: string) => {
    await select.click({ force: true }); // the chosen value's label lies over the input
    await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
  };
  const status = page.getByRole("combobox", { name: "Status", exact: true });

  await openMenu(page, "Graphic service manager");
  await choose(status, "Unassigned");
  await expect(page).toHaveURL(/status=unassigned/);
  const table = page.getByLabel("Design requests", { exact: true });
  const row = table.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Spring sale postcard");
  await expect(row).toContainText("Unassigned");
  await expect(row.getByRole("link", { name: `Proofs of ${number}` })).toHaveText("Send a proof");

  // Assigned, it leaves the Unassigned filter; without the filter it shows In design.
  await choose(row.getByRole("combobox", { name: `Designer of ${number} item 1` }), "Casey CSR");
  await expect(row).toHaveCount(0);
  await choose(status, "In design");
  await expect(page).toHaveURL(/status=in_design/);
  await expect(row).toContainText("In design");

  const due = row.getByRole("textbox", { name: `Design due date of ${number} item 1` });
  await due.click();
  await due.fill("2026-12-04");
  await due.press("Enter");
  await expect(due).toHaveValue("2026-12-04");

  await row.getByRole("button", { name: "Log hours" }).click();
  const dialog = page.getByRole("dialog", { name: `Log design hours: ${number}, item 1` });
  await dialog.getByLabel("Hours worked").fill("1.5");
  await dialog.getByRole("button", { name: "Log hours" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("1.5 h");

  await row.getByRole("link", { name: number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}`));
  await expect(page.getByText("Graphic design: 1.5 h at $75.00/h for item 1")).toBeVisible();
});
