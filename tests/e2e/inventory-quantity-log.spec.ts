import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, drawer, expect, openMenu, searchList } from "./ui-steps";

interface Inventory {
  id: number;
  sku: string;
  name: string;
  on_hand: number;
}

test("inventory: changing on hand in the form is logged, and the quantity log shows it for that item", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [item] = await api.get<Inventory[]>("inventories?search=Gloss%20Cover&sort=name&limit=1");
  expect(item).toBeDefined();
  // A delta no seeded change has, so the log's first row is ours beyond doubt.
  const delta = 137;
  const after = item.on_hand + delta;

  // The list header leads to the whole log.
  await openMenu(page, "Inventory");
  await page.getByRole("button", { name: "Quantity log" }).click();
  await expect(page).toHaveURL(/\/inventories\/quantity-change-logs$/);
  await expect(page.getByRole("heading", { name: "Quantity log" })).toBeVisible();

  // Change on hand in the item's form.
  await openMenu(page, "Inventory");
  await searchList(page, "Search inventory", item.sku);
  const row = page.getByRole("row").filter({ hasText: item.sku });
  await row.getByRole("link", { name: `Edit inventory item ${item.id}` }).click();
  const edit = drawer(page, "Edit inventory item");
  const onHand = edit.getByLabel("On hand");
  await expect(onHand).toHaveValue(String(item.on_hand));
  await onHand.fill(String(after));
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  expect(await api.get<Inventory>(`inventories/${item.id}`)).toMatchObject({ on_hand: after });

  // The item's page links to its own log: the entry with type, ± quantity, balance after and user.
  await row.getByRole("link", { name: `Show inventory item ${item.id}` }).click();
  await drawer(page, item.name).getByRole("button", { name: "Quantity log" }).click();
  await expect(page).toHaveURL(new RegExp(`/inventories/quantity-change-logs\\?inventory_id=${item.id}$`));
  const filter = page.locator(".ant-select").filter({ has: page.getByLabel("Inventory item") });
  await expect(filter.getByText(item.name, { exact: true })).toBeVisible();
  const first = page.getByRole("row").nth(1);
  await expect(first.getByRole("cell").nth(1)).toHaveText("Avery Admin");
  await expect(first.getByRole("link", { name: item.name, exact: true })).toBeVisible();
  await expect(first.getByRole("cell").nth(3)).toHaveText("Adjust");
  await expect(first.getByRole("cell").nth(4)).toHaveText(`+${delta}`);
  await expect(first.getByRole("cell").nth(5)).toHaveText(after.toLocaleString("en-US"));
  // Every row is this item's.
  const rows = page.getByRole("row");
  const count = await rows.count();
  for (let i = 1; i < count; i++) {
    await expect(rows.nth(i).getByRole("link", { name: item.name, exact: true })).toBeVisible();
  }
});
