import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, chooseReference, confirmPopover, drawer, expect, openMenu, searchList } from "./ui-steps";

interface Vendor {
  id: number;
  name: string;
  version: number;
  contact_name: string | null;
  lead_time_days: number | null;
}

test("vendors through the UI: create with its category, edit, a conflicting edit kept through reload, change log, confirmed delete", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const name = `Zenith Paper ${Date.now().toString(36)}`;

  // Create: the required category is picked in its reference select.
  await openMenu(page, "Vendors");
  await page.getByRole("button", { name: "Create vendor" }).first().click();
  const create = drawer(page, "Create vendor");
  await create.getByLabel("Name", { exact: true }).fill(name);
  await chooseReference(page, create, "Vendor category", "Paper merchants");
  await create.getByLabel("Lead time days").fill("6");
  await create.getByRole("button", { name: "Save" }).click();
  await expect(create).toHaveCount(0);
  await expect(page).toHaveURL(/\/vendors(\?|$)/);

  // The list finds it, with its category's name.
  await searchList(page, "Search vendors", name);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Paper merchants", exact: true })).toBeVisible();
  const [created] = await api.get<Vendor[]>(`vendors?search=${encodeURIComponent(name)}`);
  expect(created).toMatchObject({ name, lead_time_days: 6 });

  // Edit from the row.
  await row.getByRole("link", { name: `Edit vendor ${created.id}` }).click();
  const edit = drawer(page, "Edit vendor");
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await edit.getByLabel("Contact name").fill("Jane Roe");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole("link", { name: `Edit vendor ${created.id}` })).toBeVisible();
  const edited = await api.get<Vendor>(`vendors/${created.id}`);
  expect(edited).toMatchObject({ contact_name: "Jane Roe", version: created.version + 1 });

  // A conflict: the record changes underneath the open form; saving is refused with the server's
  // sentence, Reload keeps the user's input and shows the other change, and the next save succeeds.
  await row.getByRole("link", { name: `Edit vendor ${created.id}` }).click();
  await expect(edit.getByLabel("Contact name")).toHaveValue("Jane Roe");
  await api.patch(`vendors/${created.id}`, { version: edited.version, lead_time_days: 9 });
  await edit.getByLabel("Contact name").fill("Sam Poe");
  await edit.getByRole("button", { name: "Save" }).click();
  const alert = edit.getByRole("alert").filter({ hasText: "changed by someone else" });
  await expect(alert).toBeVisible();
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(edit.getByText("Reloaded. Changed on the server since you opened the form:")).toBeVisible();
  await expect(edit.getByRole("alert").filter({ hasText: "Lead time days" })).toBeVisible();
  await expect(edit.getByLabel("Contact name")).toHaveValue("Sam Poe");
  await expect(edit.getByLabel("Lead time days")).toHaveValue("9");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toHaveCount(0);
  expect(await api.get<Vendor>(`vendors/${created.id}`)).toMatchObject({
    contact_name: "Sam Poe",
    lead_time_days: 9,
    version: edited.version + 2,
  });

  // The change log names who changed what.
  await row.getByRole("link", { name: `Change log of vendor ${created.id}` }).click();
  await expect(page.getByRole("heading", { name: "Change log" })).toBeVisible();
  await expect(page.getByText("Avery Admin").first()).toBeVisible();
  await expect(page.getByText(/Lead time days/).first()).toBeVisible();
  await expect(page.getByText(/Contact name/).first()).toBeVisible();

  // Delete asks first, then the record is gone.
  await openMenu(page, "Vendors");
  await searchList(page, "Search vendors", name);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Delete vendor ${created.id}` }).click();
  await confirmPopover(page, "Delete this vendor?");
  await expect(page.getByText(name)).toHaveCount(0);
  expect(await api.status(`vendors/${created.id}`)).toBe(404);
});
