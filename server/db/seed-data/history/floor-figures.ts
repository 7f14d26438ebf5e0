import { localDateIn, startOfDayIn } from "../../../production/zoned-day";
import type { ItemPlan, OrderPlan, RunPlan, Shop } from "./model";
import { rankOf } from "./model";
import { detach, donorsOf, ownRun } from "./production";
import { addBusinessDays, atLocal, isBusinessDay, localDate } from "./time";

// The production manager's figures and the inkjet queue show real numbers whatever the day and hour
// the demo is seeded (issue 18). The history's own work comes and goes with the clock (at 1 a.m.
// nothing has printed or shipped yet today; by evening every order due today has shipped), so a few
// single-item donors (production.ts donorsOf) are re-timed around the present: a run printed earlier
// today on a press (sheets, impressions, waste), an order shipped earlier today (on-time ship) and,
// on a day the post office works, a drop mailed earlier today; an order due today still on press;
// inkjet mailings ready for addressing and on the inkjet. An order late and one at risk (due within
// two days, not yet in production) are made from existing orders when the history has none.
// "Today" is the plant's (its facility is in America/Chicago, facilities.ts).

const PLANT_ZONE = "America/Chicago";

const inkjetMailing = (it: ItemPlan) =>
  it.mailing === "list" && !(it.template !== null && it.product.type === "Letter");

export function showFloorFigures(
  shop: Shop,
  orders: OrderPlan[],
  runs: RunPlan[],
  used: Set<OrderPlan>,
): void {
  const { now } = shop;
  const today = localDateIn(now, PLANT_ZONE);
  // A moment of today already past, whatever the hour: half-way from the plant's midnight to now.
  const earlierToday = startOfDayIn(today, PLANT_ZONE) + (now - startOfDayIn(today, PLANT_ZONE)) / 2;
  const donors = donorsOf(shop, orders);
  const retime = (test: (it: ItemPlan) => boolean, code: string, when?: number): OrderPlan | undefined => {
    const order = donors.find((o) => !used.has(o) && test(o.items[0]));
    if (!order) return undefined;
    used.add(order);
    detach(order.items[0], runs);
    ownRun(shop, order.items[0], code, runs, undefined, when);
    // A drop mails on a day the post office works.
    order.drops = order.drops.map((d) => addBusinessDays(d, 0));
    return order;
  };
  const offset = (it: ItemPlan) => it.mailing === null && it.process === "gang";

  retime(offset, "printed", earlierToday);
  const shipped = retime((it) => it.mailing === null, "shipped", earlierToday);
  // Shipped in time: its due date is today, if it was not later.
  if (shipped && shipped.wantedBy < today) shipped.wantedBy = today;
  if (isBusinessDay(today) && localDate(earlierToday) === today) {
    retime((it) => it.mailing === "list", "mailed", earlierToday);
  }
  const dueToday = retime(offset, "printing");
  if (dueToday) {
    dueToday.wantedBy = today;
    dueToday.items[0].dueAt = atLocal(today, 17);
  }
  for (const code of ["printing", "printing", "printed", "printed"]) retime(inkjetMailing, code);

  // Orders not yet in production (every live item before batching), still open.
  const live = (o: OrderPlan) => o.cancelledAt === null && !used.has(o);
  const inPrepress = (o: OrderPlan) =>
    live(o) &&
    !o.held &&
    o.items.every((it) => it.status !== "cancelled" && rankOf(it.status) <= rankOf("approved"));
  const open = (o: OrderPlan) =>
    live(o) && o.items.some((it) => it.status !== "cancelled" && rankOf(it.status) < rankOf("shipped"));
  const tomorrow = localDateIn(atLocal(today, 12) + 24 * 3_600_000, PLANT_ZONE);
  const dayAfter = localDateIn(atLocal(today, 12) + 48 * 3_600_000, PLANT_ZONE);
  if (!orders.some((o) => inPrepress(o) && o.wantedBy > today && o.wantedBy <= dayAfter)) {
    const order = orders.filter(inPrepress).find((o) => localDate(o.orderedAt) <= tomorrow);
    if (order) {
      order.wantedBy = tomorrow;
      used.add(order);
    }
  }
  if (!orders.some((o) => open(o) && o.wantedBy < today)) {
    const yesterday = localDateIn(atLocal(today, 12) - 24 * 3_600_000, PLANT_ZONE);
    const order = orders.filter(open).find((o) => localDate(o.orderedAt) <= yesterday);
    if (order) {
      order.wantedBy = yesterday;
      used.add(order);
      for (const item of order.items) item.dueAt = Math.min(item.dueAt, atLocal(yesterday, 17));
    }
  }
}
