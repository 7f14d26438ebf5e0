import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, confirmPopover, drawer, expect, openMenu, searchList } from "./ui-steps";

interface Customer {
  id: number;
  name: string;
}

interface Address {
  id: number;
  customer_id: number;
  street1: string;
  city: string;
}

test("a customer's addresses on its page: add (customer preset), listed, edit, confirmed delete", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [customer] = await api.get<Customer[]>("customers?sort=name&limit=1");
  const street = `${Date.now() % 100_000} Proofing Lane`;

  // Open the customer from its list.
  await openMenu(page, "Customers");
  await searchList(page, "Search customers", customer.name);
  await page
    .getByRole("row")
    .filter({ hasText: customer.name })
    .first()
    .getByRole("link", { name: `Show customer ${customer.id}` })
    .click();
  const show = drawer(page, customer.name);
  const addresses = show.getByRole("region", { name: "Addresses" });
  // The seeded addresses are there (every customer has a billing address).
  await expect(addresses.getByRole("cell", { name: "Billing", exact: true }).first()).toBeVisible();

  // Add: the customer is preset and cannot be changed.
  await addresses.getByRole("button", { name: "Add customer address" }).click();
  const add = drawer(page, "Add customer address");
  const customerSelect = add.getByLabel("Customer", { exact: true });
  await expect(customerSelect).toBeDisabled();
  const customerLabel = page.getByLabel("Customer", { exact: true });
  await expect(add.locator(".ant-select").filter({ has: customerLabel })).toContainText(customer.name);
  // Sorted by nickname, "A…" keeps it on the section's first page.
  await add.getByLabel("Nickname").fill("A proofing dock");
  await add.getByLabel("Street 1").fill(street);
  await add.getByLabel("City").fill("Testville");
  await add.getByLabel("Postal code").fill("12345");
  await add.getByRole("button", { name: "Save" }).click();
  await expect(add).toHaveCount(0);

  // Listed on the customer's page, and stored for this customer.
  const row = addresses.getByRole("row").filter({ hasText: street });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Testville", exact: true })).toBeVisible();
  const [stored] = await api.get<Address[]>(
    `customer-addresses?customer_id=${customer.id}&search=${encodeURIComponent(street)}`,
  );
  expect(stored).toMatchObject({ customer_id: customer.id, street1: street, city: "Testville" });

  // Edit in place.
  await row.getByRole("button", { name: `Edit customer address ${stored.id}` }).click();
  const edit = drawer(page, "Edit customer address");
  await expect(edit.getByLabel("Street 1")).toHaveValue(street);
  await expect(edit.getByLabel("Customer", { exact: true })).toBeDisabled();
  await edit.getByLabel("City").fill("Newtown");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole("cell", { name: "Newtown", exact: true })).toBeVisible();
  expect(await api.get<Address>(`customer-addresses/${stored.id}`)).toMatchObject({ city: "Newtown" });

  // Delete asks first.
  await row.getByRole("button", { name: `Delete customer address ${stored.id}` }).click();
  await confirmPopover(page, "Delete this customer address?");
  await expect(row).toHaveCount(0);
  expect(await api.status(`customer-addresses/${stored.id}`)).toBe(404);
  // The customer's page is still open, with its other addresses.
  await expect(addresses.getByRole("cell", { name: "Billing", exact: true }).first()).toBeVisible();
});
