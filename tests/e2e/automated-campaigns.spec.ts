import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, chooseReference, confirmPopover, expect, openMenu } from "./ui-steps";

// Automated campaigns (issue 22) as a manager walks them: the seed's campaigns listed, a monthly postcard campaign
// created for a customer's mailing list (its next run on the 15th), Run now making an order with its mail order,
// the run in the history with that mail order (opened from its link), and the campaign paused.

test("a manager creates a monthly campaign, runs it now, sees its mail order and pauses it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  // A customer's mailing list with records, and a product: as the seed left them.
  const lists =
    await api.get<{ id: number; name: string; customer_id: number | null; record_count: number }[]>(
      "lists?limit=100",
    );
  const list = lists.find((l) => l.customer_id !== null && l.record_count >= 500);
  expect(list, "a seeded customer's list of 500 records or more").toBeDefined();
  const customer = await api.get<{ name: string }>(`customers/${list?.customer_id}`);
  const [product] = await api.get<{ name: string }[]>("products?limit=1&sort=name");

  await openMenu(page, "Automated campaigns");
  const campaigns = page.getByLabel("Automated campaigns", { exact: true });
  await expect(campaigns).toContainText("monthly postcard");
  await expect(campaigns).toContainText("welcome postcard");

  // --- Create: a monthly campaign on the 15th, 250 pieces in two drops
  const name = `E2E monthly ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "New automated campaign" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await chooseReference(page, dialog, "Customer", customer.name);
  await chooseReference(page, dialog, "Mailing list", list?.name ?? "");
  await chooseReference(page, dialog, "Product", product.name);
  await dialog.getByLabel("Day of the month").fill("15");
  await expect(dialog.getByText("Monthly on the 15th.", { exact: false })).toBeVisible();
  await dialog.getByLabel("A fixed count").check();
  await dialog.getByLabel("Pieces per run").fill("250");
  await dialog.getByLabel("Drops per run").fill("2");
  await dialog.getByRole("button", { name: "Create campaign" }).click();

  await expect(page).toHaveURL(/\/automated-campaigns\/\d+$/);
  await expect(page.getByRole("heading", { name: new RegExp(name), level: 3 })).toBeVisible();
  const settings = page.locator(".ant-descriptions");
  await expect(settings).toContainText("Monthly on the 15th");
  await expect(settings).toContainText("250 pieces, in 2 drops a week apart");
  await expect(settings.getByRole("row", { name: /Next run/ })).toContainText(/15, 20\d\d/);
  const history = page.getByLabel("Run history");
  await expect(history).toContainText("No runs yet");

  // --- Run now: an order and its mail order, at once
  await page.getByRole("button", { name: "Run now" }).click();
  await confirmPopover(page, "Run this campaign now?", "Run now");
  const done = page.getByRole("status").filter({ hasText: /^Run done: ORD-\d+ with mail order MO-\d+$/ });
  await expect(done).toBeVisible();
  const mailOrderNumber = (await done.textContent())?.match(/MO-\d+/)?.[0] ?? "";
  const row = history.getByRole("row").nth(1);
  await expect(row).toContainText("Done");
  await expect(row).toContainText("Run now");
  await expect(row).toContainText("250 pieces; drops");
  await row.getByRole("link", { name: mailOrderNumber }).click();
  await expect(page).toHaveURL(/\/mail-orders\/\d+$/);
  await expect(page.getByText(mailOrderNumber).first()).toBeVisible();
  await page.goBack();

  // --- Pause: no next run until it is resumed
  await expect(page.getByRole("heading", { name: new RegExp(name), level: 3 })).toBeVisible();
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await confirmPopover(page, "Pause this campaign?", "Pause");
  await expect(page.getByRole("heading", { name: new RegExp(name), level: 3 })).toContainText("Paused");
  await expect(settings.getByRole("row", { name: /Next run/ })).toContainText("Paused");
  await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeVisible();

  // The list says so too, filtered in the URL.
  await openMenu(page, "Automated campaigns");
  await page.getByLabel("Search campaigns").fill(name);
  await page.getByLabel("Search campaigns").press("Enter");
  await expect(page).toHaveURL(/q=E2E/);
  await expect(campaigns.getByRole("row")).toHaveCount(2);
  await expect(campaigns.getByRole("row").nth(1)).toContainText("Paused");
  await expect(campaigns.getByRole("row").nth(1)).toContainText("Done");
});
