// The orders list on a phone (390 × 844): the filters fold behind one button, the first row is above the fold and
// its order number is whole (not cut to "ORD-11…").
import { devices, test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { expect } from "./ui-steps";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: devices["Pixel 7"].hasTouch, isMobile: true });

test("the CSR's orders list on a phone shows whole order numbers and the first row above the fold", async ({
  page,
}) => {
  await signedInAs(page, "csr@pressroom.test");
  await page.getByRole("button", { name: "Toggle navigation" }).click();
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Orders", level: 3 })).toBeVisible();
  // One button stands for the filters; their controls are not on the first screen.
  await expect(page.getByRole("button", { name: /Filters/ })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Payment status" })).toBeHidden();

  const firstRow = page.locator("main tbody tr.ant-table-row").first();
  await expect(firstRow).toBeVisible();
  const box = await firstRow.boundingBox();
  expect(box, "the first row has a box").not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0), "the first row ends above the fold").toBeLessThanOrEqual(844);

  const number = firstRow.locator("td").first();
  await expect(number).toHaveText(/^ORD-\d+$/);
  // Whole: its text fits its cell, with no ellipsis.
  const cut = await number.evaluate((td) => {
    const inner = (td.querySelector("a, span") ?? td) as HTMLElement;
    const rect = inner.getBoundingClientRect();
    const cell = td.getBoundingClientRect();
    return (
      inner.scrollWidth > inner.clientWidth + 1 ||
      rect.right > cell.right + 1 ||
      /…/.test(td.textContent ?? "")
    );
  });
  expect(cut, "the order number is cut").toBe(false);
});
