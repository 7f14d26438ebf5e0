import { test } from "@playwright/test";
import { sessionToken, signedInAs } from "./sign-in";
import { apiAs, expect, openMenu } from "./ui-steps";

// Issue 21, /settings: the admin opens the settings from the sidebar, opens the shop on Saturdays
// and adds a holiday; a tax rate over 30 % is refused with the server's sentence on its field and
// nothing is saved; with a valid rate the save holds after a reload, and the Changes tab tells who
// changed what. The demo settings are put back at the end (other walks count due dates).

interface Settings {
  version: number;
  tax_rate: number;
  business_hours: Record<string, { open: string; close: string } | null>;
  holidays: { date: string; name: string }[];
  [key: string]: unknown;
}

test("the admin edits the shop's hours, holidays and tax rate on /settings", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const original = await api.get<Settings>("tenant/settings");
  expect(original.business_hours.sat).toBeNull();

  try {
    await openMenu(page, "Settings");
    await expect(page.getByLabel("Company name")).toHaveValue("Pressroom Demo Print");

    // A logo: uploaded on its own, shown at once; the form's save below goes on from its version.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .getByRole("region", { name: "Company" })
      .locator('input[type="file"]')
      .setInputFiles({ name: "pressroom-logo.png", mimeType: "image/png", buffer: png });
    await expect(page.getByRole("img", { name: "Logo: pressroom-logo.png" })).toBeVisible();
    const withLogo = await api.get<Settings>("tenant/settings");
    expect(withLogo.version).toBe(original.version + 1);

    // Open on Saturdays (8 to 5 until changed) and close at 1 pm.
    const hours = page.getByRole("region", { name: "Hours and holidays" });
    await hours.getByRole("switch", { name: "Saturday open" }).click();
    const closes = hours.getByRole("textbox", { name: "Saturday closes" });
    await closes.click();
    await closes.fill("13:00");
    await closes.press("Tab");
    await expect(closes).toHaveValue("13:00");

    // A holiday at the year's end.
    await hours.getByRole("button", { name: "Add holiday" }).click();
    const dates = hours.getByLabel("Date");
    const date = dates.last();
    await date.click();
    await date.fill("2026-12-31");
    await date.press("Tab");
    await hours.getByLabel("Name").last().fill("Year end");

    // A tax rate the server refuses: its sentence on the field, and nothing saved.
    const tax = page.getByLabel("Tax rate");
    await tax.fill("45");
    await page.getByRole("button", { name: "Save settings" }).click();
    const money = page.getByRole("region", { name: "Money" });
    await expect(money.getByText("Enter a tax rate from 0 to 30 %")).toBeVisible();
    expect(await api.get<Settings>("tenant/settings")).toMatchObject({
      version: withLogo.version,
      tax_rate: original.tax_rate,
      business_hours: { sat: null },
    });

    await tax.fill("9.5");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    const saved = await api.get<Settings>("tenant/settings");
    expect(saved).toMatchObject({
      tax_rate: 9.5,
      business_hours: { sat: { open: "08:00", close: "13:00" } },
    });
    expect(saved.holidays).toContainEqual({ date: "2026-12-31", name: "Year end" });

    // After a reload the page shows what was saved.
    await page.reload();
    await expect(page.getByLabel("Tax rate")).toHaveValue("9.5");
    await expect(hours.getByRole("switch", { name: "Saturday open" })).toBeChecked();
    await expect(hours.getByRole("textbox", { name: "Saturday closes" })).toHaveValue("13:00");
    // Holidays are kept in date order: the new one sits among the federal ones.
    const at = saved.holidays.findIndex((h) => h.date === "2026-12-31");
    await expect(hours.getByLabel("Name").nth(at)).toHaveValue("Year end");

    // The change log names who changed what.
    await page.getByRole("tab", { name: "Changes" }).click();
    const latest = page.getByRole("row").nth(1);
    await expect(latest).toContainText("Avery Admin");
    await expect(latest).toContainText("Tax rate: 10.25 % → 9.5 %");
    await expect(latest).toContainText("+ 2026-12-31 Year end");
  } finally {
    // Back to the demo shop's settings for the other walks (and a retry).
    const { tenant_id, logo, updated_at, updated_by, version, ...values } = original;
    const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
    const current = await api.get<Settings>("tenant/settings");
    const restore = await request.put("/api/v1/tenant/settings", {
      headers,
      data: { ...values, version: current.version },
    });
    expect(restore.status()).toBe(200);
    const restored = ((await restore.json()) as { data: Settings }).data;
    if (restored.logo) {
      const unlogo = await request.delete(`/api/v1/tenant/settings/logo?version=${restored.version}`, {
        headers,
      });
      expect(unlogo.status()).toBe(200);
    }
  }
});
