import { expect, test } from "@playwright/test";
import { sessionToken, signedInAs } from "./sign-in";

test("vendors: the generated list, its search, the change log and a confirmed delete", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = { Authorization: `Bearer ${await sessionToken(page)}` };

  // Created through the API: picking a reference in the create form does not reach the form's value yet
  // (a known defect, noted on the resource-engine issue).
  const categories = await request.get("/api/v1/vendor-categories?search=Paper%20merchants", {
    headers: api,
  });
  const category = (await categories.json()).data[0] as { id: number };
  const created = await request.post("/api/v1/vendors", {
    headers: api,
    data: { name: "Zenith Paper Test Co", vendor_category_id: category.id, lead_time_days: 6 },
  });
  expect(created.status()).toBe(201);
  const vendor = (await created.json()).data as { id: number; version: number };
  await page.goto("/vendors");
  await page.getByRole("searchbox", { name: "Search vendors" }).fill("Zenith");
  await page.getByRole("searchbox", { name: "Search vendors" }).press("Enter");
  await expect(page.getByRole("cell", { name: "Zenith Paper Test Co", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paper merchants", exact: true })).toBeVisible();

  // Two edits from the same version: the second is refused with a sentence a person can act on.
  const first = await request.patch(`/api/v1/vendors/${vendor.id}`, {
    headers: api,
    data: { version: vendor.version, lead_time_days: 9 },
  });
  expect(first.status()).toBe(200);
  const stale = await request.patch(`/api/v1/vendors/${vendor.id}`, {
    headers: api,
    data: { version: vendor.version, contact_name: "Someone Else" },
  });
  expect(stale.status()).toBe(409);
  expect((await stale.json()).message).toMatch(/changed by someone else/);

  // The change log names who changed what from what to what.
  await page.goto(`/vendors/${vendor.id}/change-logs`);
  await expect(page.getByText("Avery Admin").first()).toBeVisible();
  await expect(page.getByText(/Lead time days/).first()).toBeVisible();

  // Delete asks first, then the record is gone.
  await page.goto("/vendors");
  await page.getByRole("searchbox", { name: "Search vendors" }).fill("Zenith");
  await page.getByRole("searchbox", { name: "Search vendors" }).press("Enter");
  await page.getByRole("button", { name: `Delete vendor ${vendor.id}` }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Zenith Paper Test Co")).toHaveCount(0);
  expect((await request.get(`/api/v1/vendors/${vendor.id}`, { headers: api })).status()).toBe(404);
});
