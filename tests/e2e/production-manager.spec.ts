import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, drawer, expect, openMenu } from "./ui-steps";

// Issue 18: the administrator walks the production manager (figures from the server, a drawer of
// the items behind one, a figure's link to its filtered list, a change elsewhere arriving live),
// the inkjet queue (start, hold with a reason, release and complete addressing) and status
// management (a lane moved by keyboard, a next status unticked and ticked again, the server's 409
// shown); the press operator, without those permissions, is sent to /unauthorized.

interface Saved {
  id: number;
  version: number;
  code: string;
  sort_order: number;
}

const number = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

test("production manager, inkjet queue and status management, as the administrator", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);

  // --- Production manager
  await openMenu(page, "Production manager");
  const down = page.getByTestId("figure-down");
  await expect(down.locator(".ant-statistic-content")).toHaveText(/^\d+$/);
  for (const id of ["late", "due-today", "at-risk", "running", "on-hold", "awaiting-proof", "outsourced"]) {
    await expect(page.getByTestId(`figure-${id}`).locator(".ant-statistic-content")).toHaveText(/^[\d,]+$/);
  }
  await expect(page.getByTestId("figure-on-time-window").locator(".ant-statistic-content")).toHaveText(/%$/);
  await expect(page.getByRole("img", { name: /Backlog hours by station/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Offset press 1" })).toBeVisible();

  // A machine reported down elsewhere: the figure follows without a reload.
  const before = number(await down.locator(".ant-statistic-content").textContent());
  const type = (await api.get<Saved[]>("equipment-types?limit=1"))[0];
  await api.post("equipments", {
    name: `E2E broken press ${Date.now()}`,
    equipment_type_id: type.id,
    status: "down",
  });
  await expect
    .poll(async () => number(await down.locator(".ant-statistic-content").textContent()), { timeout: 15_000 })
    .toBeGreaterThan(before);

  // The items behind a figure: a drawer listing them, each linking to its order.
  await page.getByTestId("figure-on-hold").getByRole("button").click();
  const items = drawer(page, "Items on hold");
  await expect(items.getByRole("link", { name: /^ORD-\d+ · item \d+$/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/figure=on_hold/);
  await page.keyboard.press("Escape");
  await expect(items).toBeHidden();

  // A figure's link opens its list, filtered in the URL.
  await down.getByRole("link").click();
  await expect(page).toHaveURL(/\/equipments\?filters/);
  await expect(page.getByRole("cell", { name: "Down" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Running", exact: true })).toHaveCount(0);

  // --- Inkjet queue
  await openMenu(page, "Inkjet queue");
  const ready = page.getByTestId("stage-ready");
  const first = ready.getByRole("link", { name: /^MO-\d+$/ }).first();
  const mo = (await first.textContent()) ?? "";
  expect(mo).toMatch(/^MO-\d+$/);
  await ready.getByRole("button", { name: `Start addressing ${mo}` }).click();
  const addressing = page.getByTestId("stage-addressing");
  await expect(addressing.getByRole("link", { name: mo, exact: true })).toBeVisible();
  await addressing.getByRole("button", { name: `Hold ${mo}` }).click();
  const hold = page.getByRole("dialog", { name: `Hold addressing of ${mo}` });
  await hold.getByLabel("Reason").fill("Ink cartridge empty");
  await hold.getByRole("button", { name: "Hold" }).click();
  const held = page.getByTestId("stage-held");
  await expect(held.getByRole("link", { name: mo, exact: true })).toBeVisible();
  await expect(held.getByText("from Inkjet addressing")).toBeVisible();
  await held.getByRole("button", { name: `Release ${mo}` }).click();
  await addressing.getByRole("button", { name: `Complete addressing ${mo}` }).click();
  await expect(page.getByText(`${mo}: complete addressing done`)).toBeVisible();
  await expect(page.getByRole("link", { name: mo, exact: true })).toHaveCount(0);

  // --- Status management: the mail order workflow
  await openMenu(page, "Status management");
  await page.getByRole("tab", { name: "Mail orders" }).click();
  const lanes = async () =>
    (await api.get<Saved[]>("statuses?entity=mail_order&limit=100&sort=sort_order")).map((s) => s.code);
  const order = await lanes();
  const at = order.indexOf("cancelled") + 1;
  // Keyboard only: lift the Cancelled lane, move it one place left, drop it; then back. Each key waits for what a
  // screen reader hears from the last one (dnd-kit's live region), as a person waits to hear it.
  const heard = page.locator("[id^='DndLiveRegion']");
  const move = async (from: number, key: string, to: number) => {
    await page.getByRole("button", { name: `Move Cancelled (position ${from})` }).focus();
    await page.keyboard.press("Space");
    await expect(heard).toHaveText(new RegExp(`Cancelled.* position ${from}\\.$`));
    await page.keyboard.press(key);
    await expect(heard).toHaveText(`Cancelled is over position ${to}.`);
    await page.keyboard.press("Space");
  };
  await move(at, "ArrowLeft", at - 1);
  await expect(page.getByText(`Cancelled moved to position ${at - 1}`)).toBeVisible();
  await expect
    .poll(lanes)
    .toEqual([...order.slice(0, at - 2), "cancelled", order[at - 2], ...order.slice(at)]);
  await move(at - 1, "ArrowRight", at);
  await expect(page.getByText(`Cancelled moved to position ${at}`)).toBeVisible();
  await expect.poll(lanes).toEqual(order);

  // The matrix: Draft may no longer be cancelled, then may again.
  const cell = page.getByRole("checkbox", { name: "Draft may move to Cancelled" });
  await expect(cell).toBeChecked();
  await cell.uncheck();
  await expect(page.getByText("Draft may no longer move to Cancelled")).toBeVisible();
  await expect(cell).not.toBeChecked();
  await cell.check();
  await expect(page.getByText("Draft may now move to Cancelled")).toBeVisible();

  // Someone else saves Trayed first: the server's 409 is shown, nothing is overwritten.
  await page.getByRole("button", { name: "Edit Trayed" }).click();
  const edit = drawer(page, "Edit Trayed");
  const trayed = (await api.get<Saved[]>("statuses?entity=mail_order&limit=100")).find(
    (s) => s.code === "trayed",
  );
  if (!trayed) throw new Error("no Trayed status");
  await api.patch(`statuses/${trayed.id}`, { customer_label: "In trays", version: trayed.version });
  await edit.getByLabel("Customer label").fill("Sorted into trays");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText(/changed by someone else/)).toBeVisible();
});

test("the press operator has none of these pages", async ({ page }) => {
  await signedInAs(page, "press@pressroom.test");
  const menu = page.getByRole("navigation", { name: "Main navigation" });
  await expect(menu.getByRole("link", { name: "Press dashboard", exact: true })).toBeVisible();
  for (const label of ["Production manager", "Inkjet queue", "Status management"]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveCount(0);
  }
  for (const path of ["/production/production-manager", "/inkjet-queue", "/status-management"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/unauthorized");
  }
});
