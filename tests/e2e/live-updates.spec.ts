import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect, openMenu, searchList } from "./ui-steps";

// Issue 18, live updates in two browsers: a change made by customer service appears in the
// administrator's open list without a reload, and the administrator's open edit form of that record
// says it was changed instead of overwriting it silently.

interface Customer {
  id: number;
  name: string;
  company: string | null;
  version: number;
}

test("a change in one browser appears in another's list and edit form without a reload", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const admin = await apiAs(page, request);
  // A customer of its own: the other files share the server, and a change to a seeded customer
  // would reach their open pages too.
  const customer = await admin.post<Customer>("customers", {
    name: `Live Updates ${Date.now() % 1_000_000}`,
    type: "retail",
  });

  // The other browser: customer service, in a context (cookies, storage) of its own.
  const other = await browser.newContext();
  const csrPage = await other.newPage();
  await signedInAs(csrPage, "csr@pressroom.test");
  const csr = await apiAs(csrPage, request);

  await openMenu(page, "Customers");
  await searchList(page, "Search customers", customer.name);
  const row = page.getByRole("row").filter({ hasText: customer.name }).first();
  await expect(row).toBeVisible();
  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });

  const company = `Live ${Date.now() % 100_000} Press`;
  const before = await csr.get<Customer>(`customers/${customer.id}`);
  const started = Date.now();
  await csr.patch(`customers/${customer.id}`, { company, version: before.version });
  await expect(row.getByRole("cell", { name: company, exact: true })).toBeVisible({ timeout: 5_000 });
  const listDelay = `${Date.now() - started} ms`;
  test.info().annotations.push({ type: "list updated after", description: listDelay });
  console.log(
    `live updates: the other browser's list showed the change ${listDelay} after the write was sent`,
  );
  expect(loads).toBe(0);

  // The edit form: told, not reloaded under the user's input.
  await page.goto(`/customers/${customer.id}/edit`);
  const form = page.locator("form").filter({ has: page.getByLabel("Company", { exact: true }) });
  const companyInput = form.getByLabel("Company", { exact: true });
  await expect(companyInput).toHaveValue(company);
  await companyInput.fill("Typed by the administrator");
  const latest = await csr.get<Customer>(`customers/${customer.id}`);
  await csr.patch(`customers/${customer.id}`, { company: `${company} II`, version: latest.version });
  await expect(page.getByText("This record was changed by someone else; reload to see it.")).toBeVisible({
    timeout: 5_000,
  });
  await expect(companyInput).toHaveValue("Typed by the administrator");
  // Its reload keeps the input and names what changed.
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByText("Reloaded. Changed on the server since you opened the form:")).toBeVisible();
  await expect(companyInput).toHaveValue("Typed by the administrator");

  await other.close();
});
