import { slotsOnSheet } from "../../../../src/custom/production/juggler-logic";
import { DIGITAL_GRIPPER, OFFSET_GRIPPER } from "../../../../src/custom/production/print/imposition";
import { showFloorFigures } from "./floor-figures";
import {
  between,
  FLOW,
  type ItemPlan,
  type OrderPlan,
  type Paper,
  type Process,
  type RunPlan,
  rankOf,
  type Shop,
  weighted,
} from "./model";
import { addBusinessDays, addWorkHours, atLocal, DAY, HOUR, localDate } from "./time";

// From approval to the customer: some orders are cancelled or held before production; approved
// items are ganged into runs by the juggler (same stock, colours and coating, batched together),
// printed, coated, cut and finished with their run, staged until their order is complete, then
// packed and shipped, or mailed in drops. Every item's status is where its course stands now.

const MAX_ITEMS: Record<Exclude<Process, "outsourced">, number> = {
  gang: 36,
  digital_batch: 14,
  large_format_nest: 8,
  dedicated: 1,
};

/** The paper a run prints on: its stock, else the shop's first paper. */
export const runPaper = (shop: Shop, stock: Paper | null): Paper | null => stock ?? shop.papers[0] ?? null;

/** The sheet a run prints on: its paper's size, else the press's usual size. */
export function runSheet(shop: Shop, process: RunPlan["process"], stock: Paper | null): [number, number] {
  const sheet = runPaper(shop, stock);
  return sheet ? [sheet.width, sheet.height] : process === "digital_batch" ? [13, 19] : [28, 40];
}

/** The slots the run's sheet holds for these items, as the jugglers count them (juggler-logic.ts). */
export function runCapacity(
  shop: Shop,
  process: RunPlan["process"],
  stock: Paper | null,
  items: readonly ItemPlan[],
): number | null {
  const [width, height] = runSheet(shop, process, stock);
  const gripper = process === "digital_batch" ? DIGITAL_GRIPPER : OFFSET_GRIPPER;
  const pieces = [...new Set(items.map((it) => it.product.flat))];
  const key = [width, height, gripper, ...pieces.map((p) => `${p.width}x${p.height}+${p.bleed}`).sort()].join(
    "|",
  );
  // Laying a sheet out takes a while and the 100,000-order seed asks the same few sheets and sizes again and again.
  if (!capacities.has(key)) capacities.set(key, slotsOnSheet(width, height, pieces, gripper));
  return capacities.get(key) ?? null;
}
const capacities = new Map<string, number | null>();

/** The longest start of `items` whose pieces all have a slot of the sheet (a nest takes them all), at least one. */
function fillRun(
  shop: Shop,
  process: RunPlan["process"],
  stock: Paper | null,
  items: ItemPlan[],
): ItemPlan[] {
  if (process === "large_format_nest") return items;
  let n = 1;
  while (n < items.length && (runCapacity(shop, process, stock, items.slice(0, n + 1)) ?? Infinity) >= n + 1)
    n++;
  return items.slice(0, n);
}

/** The press sheet of a run: the product's paper on the sheet size its press takes. */
export function runStock(shop: Shop, item: ItemPlan): Paper | null {
  const stock = item.product.stock;
  const own = shop.papers.find((p) => p.key === stock);
  // Media off a roll (banners) is nested on panels of the roll's width.
  if (!own) return stock ? { key: stock, paper: stock, width: 54, height: 120 } : null;
  const same = shop.papers.filter((p) => p.paper === own.paper);
  const area = (p: Paper) => p.width * p.height;
  if (item.process === "gang") {
    const offset = same.filter((p) => p.width >= 19).sort((a, b) => area(b) - area(a));
    return offset[0] ?? own;
  }
  if (item.process === "digital_batch") {
    const digital = same.filter((p) => p.width <= 13).sort((a, b) => area(b) - area(a));
    return digital[0] ?? own;
  }
  return own;
}

const PRESSES: Record<Exclude<Process, "outsourced">, [string, string][]> = {
  gang: [
    ["Press 1 – XL 106", "Offset press 1"],
    ["Press 2 – Lithrone G40", "Offset press 2"],
  ],
  dedicated: [
    ["Press 3 – SM 52", "Offset press 3"],
    ["Press 2 – Lithrone G40", "Offset press 2"],
  ],
  digital_batch: [
    ["Indigo 12000", "Digital press – Indigo"],
    ["iGen 5", "Digital press – iGen"],
    ["imagePRESS V1350", "Digital press – imagePRESS"],
  ],
  large_format_nest: [
    ["VUTEk h5", "Large format"],
    ["Latex 800W", "Large format – latex"],
  ],
};

function pressFor(shop: Shop, process: RunPlan["process"], n: number): [string | null, string | null] {
  const options = PRESSES[process].filter(([e]) => shop.equipment.has(e));
  if (options.length > 0) {
    const [equipment, station] = options[n % options.length];
    return [equipment, shop.stations.has(station) ? station : ([...shop.stations][0] ?? null)];
  }
  // A small shop runs everything on the press it has.
  return [[...shop.equipment][0] ?? null, [...shop.stations][0] ?? null];
}

/** Cancellations and holds happen before production: those items never reach a run. */
function stopSomeOrders(shop: Shop, orders: OrderPlan[]): void {
  const { random, now } = shop;
  for (const order of orders) {
    const start = (item: ItemPlan) => Math.min(item.slot ?? now, now);
    const earliest = Math.min(...order.items.map(start));
    if (random.chance(shop.full ? 0.012 : 0.1) && earliest > order.orderedAt + HOUR) {
      const at = between(random, order.orderedAt + HOUR, earliest);
      order.cancelledAt = at;
      for (const item of order.items) item.stoppedAt = at;
      continue;
    }
    for (const item of order.items) {
      if (order.items.length > 1 && random.chance(0.006) && start(item) > order.orderedAt + HOUR) {
        item.stoppedAt = between(random, order.orderedAt + HOUR, start(item));
        item.status = "cancelled";
      }
    }
    // Work not yet batched stops for an account on credit hold, or for a question about the files.
    const waiting = order.items.filter((it) => it.stoppedAt === null && (it.slot ?? Infinity) > now);
    if (waiting.length > 0 && (order.customer.status === "credit_hold" || random.chance(0.03))) {
      order.held = true;
      for (const item of waiting) {
        const last = item.events.filter(([, t]) => t <= now).at(-1)?.[1] ?? order.orderedAt;
        item.stoppedAt = between(random, last, now);
        item.status = "on_hold";
      }
    }
  }
  for (const order of orders) {
    if (order.cancelledAt !== null) for (const item of order.items) item.status = "cancelled";
  }
}

/** The juggler's runs: batched items sharing process, sheet, colours and coating, slot by slot. */
function buildRuns(shop: Shop, orders: OrderPlan[]): RunPlan[] {
  const { random, now } = shop;
  const groups = new Map<string, { stock: Paper | null; items: ItemPlan[] }>();
  for (const order of orders) {
    for (const item of order.items) {
      if (item.process === "outsourced" || item.slot === null || item.slot > now || item.stoppedAt !== null) {
        continue;
      }
      const stock = runStock(shop, item);
      // A small shop gangs its few jobs once a week.
      const slot = shop.full ? item.slot : Math.floor((item.slot - 4 * DAY) / (7 * DAY));
      const key = [slot, item.process, stock?.key, item.product.colors, item.coating].join("|");
      if (!groups.has(key)) groups.set(key, { stock, items: [] });
      groups.get(key)?.items.push(item);
    }
  }
  const runs: RunPlan[] = [];
  const firstSlot = (items: ItemPlan[]) => Math.min(...items.map((it) => it.slot as number));
  const sorted = [...groups.values()].sort((a, b) => firstSlot(a.items) - firstSlot(b.items));
  for (const { stock, items } of sorted) {
    const first = items[0];
    const process = first.process as RunPlan["process"];
    items.sort((a, b) => a.dueAt - b.dueAt);
    for (let i = 0; i < items.length; ) {
      const chunk = fillRun(shop, process, stock, items.slice(i, i + MAX_ITEMS[process]));
      i += chunk.length;
      // Filled when its last item was batched.
      const slot = Math.max(...chunk.map((it) => it.slot as number));
      const due = Math.min(...chunk.map((it) => it.dueAt));
      const [equipment, station] = pressFor(shop, process, runs.length);
      // Rush work goes to press at once; standard work waits its turn, and one run in ten slips a day.
      const urgent = chunk.some((it) => it.order.turnaround !== "standard");
      const wait = urgent ? between(random, 0.5, 3) : between(random, 2, process === "gang" ? 16 : 10);
      const readyAt = slot + between(random, 0.3, 1) * HOUR;
      const imposedAt = addWorkHours(readyAt, between(random, 0.5, 2));
      const platedAt = addWorkHours(imposedAt, between(random, 0.3, 1));
      let printAt = addWorkHours(platedAt, wait);
      if (random.chance(0.1)) printAt = addWorkHours(printAt, between(random, 8, 14));
      // Nothing waits past its due date on purpose: late work is the slips above.
      if (printAt > due && !urgent) printAt = Math.max(addWorkHours(platedAt, 0.5), due - 20 * HOUR);
      const printedAt = addWorkHours(printAt, between(random, 0.7, 3));
      const coatedAt = first.coating === "none" ? null : addWorkHours(printedAt, between(random, 1, 4));
      const cutAt = addWorkHours(coatedAt ?? printedAt, between(random, 1, 4));
      const run: RunPlan = {
        key: "",
        process,
        stock,
        colors: first.product.colors,
        coating: first.coating,
        items: chunk,
        slot,
        readyAt,
        imposedAt,
        platedAt,
        printAt,
        printedAt,
        coatedAt,
        cutAt,
        held: false,
        equipment,
        station,
      };
      // A few runs wait in prepress for a plate or a file question; their items stay batched.
      if (now < printAt && now > readyAt && random.chance(0.03)) run.held = true;
      for (const item of chunk) item.run = run;
      runs.push(run);
    }
  }
  return runs;
}

/** After the run: finishing, staging; then the order's packing, shipping or mailing, delivery. */
function planDownstream(shop: Shop, order: OrderPlan): void {
  const { random } = shop;
  const live = order.items.filter((it) => it.stoppedAt === null);
  for (const item of live) {
    if (item.process === "outsourced") {
      // At the trade printer: it waits in outsource staging until the boxes arrive.
      const at = atLocal(
        addBusinessDays(localDate(item.events[3][1]), random.int(4, 6)),
        between(random, 10, 15),
      );
      item.events.push(["staged", at]);
      continue;
    }
    const run = item.run;
    if (!run) continue;
    if (run.held) {
      item.events.push(["batched", item.slot as number]);
      continue;
    }
    item.events.push(["batched", item.slot as number], ["printing", run.printAt], ["printed", run.printedAt]);
    if (run.coatedAt !== null) item.events.push(["coated", run.coatedAt]);
    item.events.push(["cut", run.cutAt]);
    let done = run.cutAt;
    if (item.product.finishing) {
      done = addWorkHours(done, between(random, 2, 8));
      item.events.push(["finishing", done]);
    }
    item.events.push(["staged", addWorkHours(done, between(random, 0.5, 2))]);
  }
  const staged = live.map((it) => it.events.find(([c]) => c === "staged")?.[1]);
  if (live.length === 0 || staged.some((t) => t === undefined)) return;
  const packedAt = addWorkHours(Math.max(...(staged as number[])), between(random, 0.5, 3));
  order.packedAt = packedAt;
  const mailItems = live.filter((it) => it.mailing);
  const shipItems = live.filter((it) => !it.mailing);
  for (const item of live) item.events.push(["packed", packedAt]);
  if (shipItems.length > 0) {
    const m = order.shipMethod;
    const shippedAt =
      m === "pickup"
        ? packedAt + between(random, 2, 60) * HOUR
        : addWorkHours(packedAt, between(random, 0.5, 3));
    const transitDays =
      m === "overnight" ? 1 : m === "two_day" ? 2 : m === "freight" ? random.int(2, 5) : random.int(1, 4);
    const deliveredAt =
      m === "pickup"
        ? shippedAt + 0.1 * HOUR
        : m === "local_delivery"
          ? addWorkHours(shippedAt, between(random, 1, 5))
          : atLocal(addBusinessDays(localDate(shippedAt + DAY), transitDays - 1), between(random, 10, 17));
    order.shippedAt = shippedAt;
    order.deliveredAt = deliveredAt;
    for (const item of shipItems) item.events.push(["shipped", shippedAt], ["delivered", deliveredAt]);
  }
  if (mailItems.length > 0) {
    const first = [order.wantedBy, addBusinessDays(localDate(packedAt + DAY), 0)].sort().at(-1) as string;
    const quantity = Math.max(...mailItems.map((it) => it.quantity));
    const dropCount =
      quantity < 2_000
        ? 1
        : weighted(random, [
            [1, 0.75],
            [2, 0.15],
            [3, 0.07],
            [4, 0.03],
          ]);
    const gap = random.pick([7, 14, 21]);
    const drops = [first];
    for (let d = 1; d < dropCount; d++) {
      drops.push(addBusinessDays(localDate(atLocal(first, 12) + d * gap * DAY), 0));
    }
    order.drops = drops;
    const mailedAt = atLocal(first, 14);
    const deliveredAt = atLocal(drops[drops.length - 1], 12) + random.int(3, 6) * DAY;
    for (const item of mailItems) item.events.push(["mailed", mailedAt], ["delivered", deliveredAt]);
  }
}

/** The status of an item now: the last step of its course that has happened, or where it stopped. */
function settle(shop: Shop, item: ItemPlan): void {
  const { now, random } = shop;
  item.events.sort((a, b) => a[1] - b[1]);
  if (item.stoppedAt !== null) {
    item.events = item.events.filter(([, t]) => t <= (item.stoppedAt as number));
    return;
  }
  const reached = item.events.filter(([, t]) => t <= now);
  item.status = reached.at(-1)?.[0] ?? "received";
  // A press or finishing fault sends a few items back to press.
  const rank = rankOf(item.status);
  if (rank >= FLOW.indexOf("printing") && rank <= FLOW.indexOf("finishing") && random.chance(0.03)) {
    item.status = "reprint";
  }
}

/** The statuses every demo shows somewhere, in the order work reaches them. */
const SHOWN = [...FLOW, "on_hold", "reprint", "cancelled"];

/** The latest 14:00 of a business day (when drops go to the post office) at or before `t`. */
function lastMailing(t: number): number {
  let date = localDate(t);
  for (;;) {
    const at = atLocal(date, 14);
    if (at <= t && addBusinessDays(date, 0) === date) return at;
    date = localDate(atLocal(date, 12) - DAY);
  }
}

/** Single-item orders approved days ago, newest first: work the demo may re-time around the present. */
export function donorsOf(shop: Shop, orders: OrderPlan[]): OrderPlan[] {
  return orders
    .filter(
      (o) =>
        o.items.length === 1 &&
        o.cancelledAt === null &&
        !o.held &&
        o.items[0].process !== "outsourced" &&
        o.approvedAt !== null &&
        o.approvedAt < shop.now - 2 * DAY,
    )
    .reverse();
}

/** Takes a donor's item off its run, back to approved; its order not yet packed or sent. */
export function detach(item: ItemPlan, runs: RunPlan[]): void {
  const order = item.order;
  if (item.run) {
    item.run.items = item.run.items.filter((it) => it !== item);
    if (item.run.items.length === 0) runs.splice(runs.indexOf(item.run), 1);
    item.run = null;
  }
  order.packedAt = null;
  order.shippedAt = null;
  order.deliveredAt = null;
  order.drops = [];
  item.events = item.events.slice(0, 4);
  item.stoppedAt = null;
}

/**
 * A small demo (a few hundred orders) may have no item that is, right now, in a short step such
 * as preflight or coating, or (on a quiet weekend) packed. For each status nobody is in, one
 * single-item order approved days ago is re-timed so that its item is: stopped there, when the
 * step comes before production; else on a run of its own (ownRun).
 */
function showEveryStatus(shop: Shop, orders: OrderPlan[], runs: RunPlan[], used: Set<OrderPlan>): void {
  const { now } = shop;
  const present = new Set(orders.flatMap((o) => o.items.map((it) => it.status)));
  const donors = donorsOf(shop, orders);
  const donor = new Set(donors);
  // A status only donors hold keeps one of them, so that filling in another status does not move it away.
  for (const code of present) {
    const holders = orders.filter((o) => o.items.some((it) => it.status === code));
    if (holders.every((o) => donor.has(o)) && holders[0]) used.add(holders[0]);
  }
  for (const code of SHOWN) {
    if (present.has(code)) continue;
    const item = donors
      .filter((o) => !used.has(o))
      .map((o) => o.items[0])
      .find(
        (it) =>
          (code === "mailed") === (it.mailing !== null) &&
          (code !== "coated" || it.coating !== "none") &&
          (code !== "finishing" || it.product.finishing),
      );
    if (!item) continue;
    const order = item.order;
    used.add(order);
    detach(item, runs);
    const rank = rankOf(code);
    if (code === "cancelled" || code === "on_hold" || (rank >= 0 && rank <= FLOW.indexOf("approved"))) {
      // Stopped before production: the steps after this one have not happened.
      const keep = code === "cancelled" || code === "on_hold" ? 4 : rank + 1;
      item.events = item.events.slice(0, keep).map(([c, t]) => [c, Math.min(t, now - HOUR)]);
      item.slot = null;
      item.status = code;
      if (code === "cancelled") order.cancelledAt = item.stoppedAt = now - 0.5 * HOUR;
      if (code === "on_hold") {
        order.held = true;
        item.stoppedAt = now - 0.5 * HOUR;
      }
      continue;
    }
    ownRun(shop, item, code, runs);
  }
}

/**
 * Work every station dashboard shows whatever the hour (issue 18): [station, process, where the run
 * stands]. The history's own runs come and go with the clock (an evening may leave the press or the
 * large-format printer with nothing), so a few donors are placed at these stations as well.
 */
const BOARD_WORK: [string, RunPlan["process"], string][] = [
  ["Digital press – Indigo", "digital_batch", "printing"],
  ["Digital press – iGen", "digital_batch", "plated"],
  ["Digital cutting", "digital_batch", "printed"],
  ["Offset press 1", "gang", "plated"],
  ["Offset press 1", "gang", "plated"],
  ["Offset press 2", "gang", "printing"],
  ["Spot UV and foil", "gang", "printing"],
  ["Letterpress", "gang", "plated"],
  ["Large format", "large_format_nest", "printing"],
  ["UV coating", "gang", "printed"],
  ["Cutting", "gang", "coated"],
  ["Folding", "gang", "cut"],
];

function showEveryBoard(shop: Shop, orders: OrderPlan[], runs: RunPlan[], used: Set<OrderPlan>): void {
  const donors = donorsOf(shop, orders);
  for (const [station, process, code] of BOARD_WORK) {
    if (!shop.stations.has(station)) continue;
    const order = donors.find(
      (o) =>
        !used.has(o) &&
        o.items[0].process === process &&
        o.items[0].mailing === null &&
        (station !== "UV coating" || o.items[0].coating !== "none"),
    );
    if (!order) continue;
    used.add(order);
    detach(order.items[0], runs);
    ownRun(shop, order.items[0], code, runs, station);
  }
}

/** Back before production: approved, waiting for the juggler (its later steps not yet happened). */
function backToApproved(shop: Shop, item: ItemPlan): void {
  const keep = FLOW.indexOf("approved") + 1;
  item.events = item.events.slice(0, keep).map(([c, t]) => [c, Math.min(t, shop.now - HOUR)]);
  item.slot = null;
  item.status = "approved";
}

/**
 * Work every prepress queue shows whatever the hour (issue 18): the history's own approved items
 * are batched at 10:00 and 15:00, its orders staged and packed as their runs finish, so a few
 * donors are placed: four approved items alike (one gang) and one of another gang in each
 * juggler; an order half staged, one wholly staged and not yet released, one released and not
 * yet packed; and an outsourced item at its trade printer.
 */
function showEveryQueue(shop: Shop, orders: OrderPlan[], runs: RunPlan[], used: Set<OrderPlan>): void {
  const donors = donorsOf(shop, orders).filter((o) => o.items[0].mailing === null);
  const take = (o: OrderPlan) => {
    used.add(o);
    detach(o.items[0], runs);
    return o.items[0];
  };
  for (const juggler of ["Prepress juggler", "Digital juggler"]) {
    if (!shop.stations.has(juggler)) continue;
    const groups = new Map<string, OrderPlan[]>();
    for (const o of donors) {
      const it = o.items[0];
      if (used.has(o) || !it.product.route.includes(juggler)) continue;
      const key = [it.product.stock, it.product.colors, it.coating].join("|");
      groups.set(key, [...(groups.get(key) ?? []), o]);
    }
    const ranked = [...groups.values()].sort((a, b) => b.length - a.length);
    for (const o of [...(ranked[0] ?? []).slice(0, 4), ...(ranked[1] ?? []).slice(0, 1)]) {
      backToApproved(shop, take(o));
    }
  }
  // Staging: an order with its first items staged and its last still at the cutter, and one
  // with every item in, waiting to be released; shipping: one released, not yet packed.
  const several = orders
    .filter(
      (o) =>
        !used.has(o) &&
        o.items.length >= 2 &&
        o.items.length <= 4 &&
        o.cancelledAt === null &&
        !o.held &&
        o.approvedAt !== null &&
        o.approvedAt < shop.now - 2 * DAY &&
        o.items.every((it) => it.process !== "outsourced" && it.mailing === null && it.stoppedAt === null),
    )
    .reverse();
  for (const [n, order] of several.slice(0, 2).entries()) {
    used.add(order);
    order.items.forEach((item, i) => {
      detach(item, runs);
      ownRun(shop, item, n === 0 && i === order.items.length - 1 ? "cut" : "staged", runs);
    });
    if (n === 1) order.unreleased = true;
  }
  const ready = donors.find((o) => !used.has(o));
  if (ready) ownRun(shop, take(ready), "staged", runs);
  // At the trade printer: an outsourced item approved yesterday, its boxes not yet in.
  const outsourced = orders.find(
    (o) =>
      !used.has(o) &&
      o.items.length === 1 &&
      o.items[0].process === "outsourced" &&
      o.cancelledAt === null &&
      !o.held &&
      o.approvedAt !== null,
  );
  if (
    outsourced &&
    !orders.some((o) => o.items.some((it) => it.process === "outsourced" && it.status === "approved"))
  ) {
    used.add(outsourced);
    const item = outsourced.items[0];
    outsourced.packedAt = outsourced.shippedAt = outsourced.deliveredAt = null;
    item.events = [
      ...item.events.slice(0, 4).map(([c, t]): [string, number] => [c, Math.min(t, shop.now - DAY)]),
      ["staged", shop.now + 2 * DAY],
    ];
    item.stoppedAt = null;
    item.status = "approved";
  }
}

/**
 * Puts `item` on a run of its own, its steps (run, staging, packing, shipping or mailing, delivery)
 * two hours apart around the present, `code`'s own just past ("plated": on its press, not yet
 * started); `place`, when given, is the station where the run stands now (else index.ts chooses);
 * `when`, when given, is the moment `code` was reached.
 */
export function ownRun(
  shop: Shop,
  item: ItemPlan,
  code: string,
  runs: RunPlan[],
  place?: string,
  when?: number,
): void {
  const { now } = shop;
  const order = item.order;
  const rank = rankOf(code);
  const coated =
    code === "coated" || (item.coating !== "none" && (code === "printed" || rank > FLOW.indexOf("coated")));
  const finished = code === "finishing" || (item.product.finishing && rank > FLOW.indexOf("finishing"));
  const out = item.mailing ? "mailed" : "shipped";
  const steps = [
    "batched",
    "printing",
    "printed",
    ...(coated ? ["coated"] : []),
    "cut",
    ...(finished ? ["finishing"] : []),
    "staged",
    "packed",
    out,
    "delivered",
  ];
  const wanted = steps.indexOf(code === "reprint" ? "printing" : code === "plated" ? "batched" : code);
  // Plated: batched 1.75 h ago, so plated 15 minutes ago and printing 15 minutes from now.
  const anchor =
    when ??
    (code === "mailed" ? lastMailing(now - 0.5 * HOUR) : code === "plated" ? now - 1.75 * HOUR : now - HOUR);
  const at = (step: string) => anchor + (steps.indexOf(step) - wanted) * 2 * HOUR;
  const process = item.process as RunPlan["process"];
  const [equipment, station] = pressFor(shop, process, runs.length);
  const run: RunPlan = {
    key: "",
    process,
    stock: runStock(shop, item),
    colors: item.product.colors,
    coating: coated ? item.coating : "none",
    items: [item],
    slot: at("batched"),
    readyAt: at("batched") + 0.5 * HOUR,
    imposedAt: at("batched") + HOUR,
    platedAt: at("batched") + 1.5 * HOUR,
    printAt: at("printing"),
    printedAt: at("printed"),
    coatedAt: coated ? at("coated") : null,
    cutAt: at("cut"),
    held: false,
    equipment,
    station,
    place: place ?? null,
  };
  if (!coated) item.coating = "none";
  item.slot = run.slot;
  item.run = run;
  runs.push(run);
  item.events.push(...steps.map((step): [string, number] => [step, at(step)]));
  order.packedAt = at("packed");
  if (out === "shipped") order.shippedAt = at("shipped");
  else order.drops = [localDate(at("mailed"))];
  order.deliveredAt = at("delivered");
  settle({ ...shop, random: { ...shop.random, chance: () => false } }, item);
  if (code === "reprint") item.status = "reprint";
}

export function planProduction(shop: Shop, orders: OrderPlan[]): RunPlan[] {
  stopSomeOrders(shop, orders);
  const runs = buildRuns(shop, orders);
  for (const order of orders) planDownstream(shop, order);
  for (const order of orders) for (const item of order.items) settle(shop, item);
  if (shop.full) {
    const used = new Set<OrderPlan>();
    // Boards, figures and queues re-time donors (and showEveryQueue a few orders of several items) first;
    // every status is then filled in from the donors left, so that no later placement moves its holder away.
    showEveryBoard(shop, orders, runs, used);
    showFloorFigures(shop, orders, runs, used);
    showEveryQueue(shop, orders, runs, used);
    showEveryStatus(shop, orders, runs, used);
  }
  const prefix = shop.full ? "R-" : "OR-";
  const base = shop.full ? 40_001 : 501;
  runs.sort((a, b) => a.slot - b.slot);
  runs.forEach((run, i) => {
    run.key = `${prefix}${base + i}`;
  });
  return runs;
}
