// Issue 19, an order's mail drops and planning sections, as customer service works them: Casey (CSR) opens an
// order with a mail order from its page, moves a drop to a Sunday and is refused with the rule's reason, moves it
// to a weekday instead and sees it on the list and the calendar; then the administrator opens the order's planning,
// adds two stations to its item, swaps them with the keyboard only (a button, then the drag handle) and saves. The order and its mail order are made through
// the API first (a customer of their own), so the walk does not depend on the demo data's state.
import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect } from "./ui-steps";

interface Saved {
  id: number;
  version: number;
  [key: string]: unknown;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

test("a CSR reschedules a mail drop (a Sunday refused); an administrator reorders an item's stations by keyboard", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The administrator sets up the order through the API (customer service reads no products); Casey works it.
  const manager = await browser.newPage();
  await signedInAs(manager, "admin@pressroom.test");
  const admin = await apiAs(manager, request);
  await signedInAs(page, "csr@pressroom.test");
  const api = await apiAs(page, request);
  const tag = Date.now().toString(36);
  const [product] = await admin.get<Saved[]>("products?limit=1");
  const customer = await admin.post<Saved>("customers", { name: `Drops E2E ${tag}`, status: "active" });
  const order = await admin.post<Saved & { order_number: string }>("orders", {
    customer_id: customer.id,
    items: [{ product_id: product.id, description: "Postcards 6×9", quantity: 10_000, price: 900 }],
  });
  // Two drops two weeks apart, on Wednesdays at least three weeks ahead that are no USPS holiday (the page's data
  // names them), and the Thursday after the second one free as well.
  const { holidays } = await api.get<{ holidays: { date: string }[] }>(`orders/${order.id}/mail-drops`);
  const closed = new Set(holidays.map((h) => h.date));
  let first = plus(iso(Date.now() + 21 * DAY), 0);
  first = plus(first, (3 - weekday(first) + 7) % 7);
  while ([0, 14, 15].some((d) => closed.has(plus(first, d)))) first = plus(first, 7);
  const second = plus(first, 14);
  const sunday = plus(second, 4);
  const thursday = plus(second, 1);
  const mailOrder = await admin.post<Saved & { mail_order_number: string }>("mail-orders", {
    customer_id: customer.id,
    order_id: order.id,
    product_id: product.id,
    drops: [
      { drop_no: 1, scheduled_date: first, quantity: 5000 },
      { drop_no: 2, scheduled_date: second, quantity: 5000 },
    ],
  });
  const number = mailOrder.mail_order_number;

  // From the order's page to its mail drops.
  await page.goto(`/orders/${order.id}`);
  await page.getByRole("button", { name: "Mail drops" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/manage-mail-drops/${order.id}$`));
  await expect(
    page.getByRole("heading", { name: `Mail drops of order ${order.order_number}` }),
  ).toBeVisible();

  // A Sunday is refused with the rule's reason, and nothing moves.
  await page.getByRole("button", { name: `Reschedule drop 2 of ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reschedule drop 2 of ${number}` });
  const date = dialog.getByLabel("New date");
  // The date is typed, and Enter (which picks it) sends the dialog, as its Reschedule button does.
  await date.fill(sunday);
  await date.press("Enter");
  await expect(dialog.getByRole("alert")).toContainText(
    `Drops cannot mail on a weekend: ${sunday} is a Sunday`,
  );

  // The Thursday after is taken.
  await date.fill(thursday);
  await date.press("Tab");
  await dialog.getByRole("button", { name: "Reschedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Drop 2 rescheduled to`)).toBeVisible();
  const drops = await api.get<{ mail_orders: { drops: { scheduled_date: string }[] }[] }>(
    `orders/${order.id}/mail-drops`,
  );
  expect(drops.mail_orders[0].drops.map((d) => d.scheduled_date)).toEqual([first, thursday]);
  await page.getByText("Calendar", { exact: true }).click();
  await expect(page).toHaveURL(/view=calendar/);
  await expect(page.getByText(`${number} #1: 5,000`)).toBeVisible();

  // Planning (its route needs Order Read itself, which the administrator holds; customer service holds ReadAny):
  // two stations added, swapped with the keyboard, saved.
  await manager.goto(`/orders/${order.id}`);
  await manager.getByRole("button", { name: "Planning", exact: true }).click();
  await expect(
    manager.getByRole("heading", { name: `Planning of order ${order.order_number}` }),
  ).toBeVisible();
  const add = manager.getByRole("combobox", { name: "Add a station to item 1 stations" });
  const stationNames: string[] = [];
  for (let n = 0; n < 2; n++) {
    await add.click();
    const option = manager.locator(".ant-select-dropdown:visible .ant-select-item-option").first();
    stationNames.push((await option.innerText()).trim());
    await option.click();
  }
  const steps = manager.getByRole("list", { name: "Item 1 stations" }).getByRole("listitem");
  await expect(steps).toHaveText([`1. ${stationNames[0]}`, `2. ${stationNames[1]}`]);
  // Keyboard only: the first station's "down" button, focused and pressed with Enter.
  const [a, b] = stationNames;
  await manager.keyboard.press("Escape");
  await expect(manager.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  const down = manager.getByRole("button", { name: `Move ${a} down` });
  await down.focus();
  await expect(down).toBeFocused();
  await manager.keyboard.press("Enter");
  await expect(steps).toHaveText([`1. ${b}`, `2. ${a}`]);
  // And back with the drag handle, by keyboard: Space lifts, an arrow moves one place at once, Space drops; each
  // step is heard in the list's live region, and the handle keeps the focus while its station moves.
  const heard = manager.getByRole("status", { name: "Item 1 stations: moves" });
  const handle = manager.getByRole("button", { name: `Move ${b} (step 1)` });
  await handle.focus();
  await manager.keyboard.press("Space");
  await expect(heard).toHaveText(`Picked up ${b}, step 1.`);
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await manager.keyboard.press("ArrowDown");
  await expect(heard).toHaveText(`${b} is now step 2.`);
  await expect(steps).toHaveText([`1. ${a}`, `2. ${b}`]);
  await manager.keyboard.press("ArrowDown");
  await expect(heard).toHaveText(`${b} is already last.`);
  await manager.keyboard.press("Space");
  await expect(heard).toHaveText(`${b} dropped at step 2.`);
  await expect(manager.getByRole("button", { name: `Move ${b} (step 2)` })).toBeFocused();
  // Escape puts a lifted station back where it was.
  await manager.keyboard.press("Enter");
  await manager.keyboard.press("ArrowUp");
  await expect(steps).toHaveText([`1. ${b}`, `2. ${a}`]);
  await manager.keyboard.press("Escape");
  await expect(heard).toHaveText(`Moving ${b} was cancelled.`);
  await expect(steps).toHaveText([`1. ${a}`, `2. ${b}`]);
  await manager.getByRole("button", { name: "Save plan" }).click();
  await expect(manager.getByText("Plan saved", { exact: true })).toBeVisible();
  const plan = await admin.get<{
    items: { plan_station_ids: number[] }[];
    stations: { id: number; name: string }[];
  }>(`orders/${order.id}/planning`);
  const names = plan.items[0].plan_station_ids.map((id) => plan.stations.find((s) => s.id === id)?.name);
  expect(names).toEqual([a, b]);
});
