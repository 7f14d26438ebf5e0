import { defineSeed, ref, type SeedRow } from "./define";
import { FLOW } from "./history/model";

// The workflow states of orders, order items (domain.md's item sequence), runs and mail orders,
// each with its colour, category and the statuses that may follow it. Keys are "entity:code".

type Category = "open" | "production" | "complete" | "cancelled";
// code, name, category, colour, next codes, customer label
type Step = [string, string, Category, string, string[], string?];

const ANYTIME = ["on_hold", "cancelled"];
// The item steps a hold may come from (those that lead to on_hold), in flow order: the flow up to packed.
const HELD_FROM = FLOW.slice(0, FLOW.indexOf("packed") + 1);

const ITEM: Step[] = [
  ["received", "Received", "open", "#8c8c8c", ["preflight", ...ANYTIME], "Order received"],
  ["preflight", "Preflight", "open", "#597ef7", ["awaiting_proof", ...ANYTIME], "Checking your files"],
  [
    "awaiting_proof",
    "Awaiting proof approval",
    "open",
    "#faad14",
    ["approved", "preflight", ...ANYTIME],
    "Proof ready for you",
  ],
  ["approved", "Approved", "open", "#13c2c2", ["batched", ...ANYTIME], "Approved"],
  // Taken off its run, an item goes back to the juggler (approved).
  ["batched", "Batched", "production", "#2f54eb", ["printing", "approved", ...ANYTIME], "In production"],
  ["printing", "Printing", "production", "#1677ff", ["printed", "reprint", ...ANYTIME], "In production"],
  // Items follow their runs (station boards): not every item is coated, cut or finished.
  [
    "printed",
    "Printed",
    "production",
    "#1677ff",
    ["coated", "cut", "finishing", "staged", "reprint", ...ANYTIME],
    "In production",
  ],
  [
    "coated",
    "Coated",
    "production",
    "#722ed1",
    ["cut", "finishing", "staged", "reprint", ...ANYTIME],
    "In production",
  ],
  ["cut", "Cut", "production", "#722ed1", ["finishing", "staged", "reprint", ...ANYTIME], "In production"],
  ["finishing", "Finishing", "production", "#eb2f96", ["staged", "reprint", ...ANYTIME], "In production"],
  ["staged", "Staged", "production", "#fa8c16", ["packed", ...ANYTIME], "Being packed"],
  ["packed", "Packed", "production", "#fa8c16", ["shipped", "mailed", ...ANYTIME], "Ready to ship"],
  ["shipped", "Shipped", "complete", "#52c41a", ["delivered"], "Shipped"],
  ["mailed", "Mailed", "complete", "#52c41a", ["delivered"], "Mailed"],
  ["delivered", "Delivered", "complete", "#389e0d", [], "Delivered"],
  // Released back to where it was held (the order desk's release): any step it may be held at.
  ["on_hold", "On hold", "open", "#faad14", [...HELD_FROM, "cancelled"], "On hold"],
  ["reprint", "Reprint", "production", "#f5222d", ["batched", "printing"], "In production"],
  ["cancelled", "Cancelled", "cancelled", "#ff4d4f", [], "Cancelled"],
];

const ORDER: Step[] = [
  ["received", "Received", "open", "#8c8c8c", ["in_prepress", ...ANYTIME]],
  ["in_prepress", "In prepress", "open", "#597ef7", ["in_production", ...ANYTIME]],
  ["in_production", "In production", "production", "#1677ff", ["ready_to_ship", ...ANYTIME]],
  ["ready_to_ship", "Ready to ship", "production", "#fa8c16", ["shipped", ...ANYTIME]],
  ["shipped", "Shipped", "complete", "#52c41a", ["invoiced"]],
  ["invoiced", "Invoiced", "complete", "#389e0d", ["closed"]],
  ["closed", "Closed", "complete", "#237804", []],
  [
    "on_hold",
    "On hold",
    "open",
    "#faad14",
    ["received", "in_prepress", "in_production", "ready_to_ship", "cancelled"],
  ],
  ["cancelled", "Cancelled", "cancelled", "#ff4d4f", []],
];

// Each station board's work (src/custom/production/boards.ts): waiting in the status the station
// before left it in, started into the board's working status (printing, coating, cutting, binding),
// completed into its station's output status (printed, coated, cut, finishing), then sent on to
// the next station. Paused and held work goes back to where it was.
const AT_WORK = ["printing", "coating", "cutting", "binding"];
const RUN: Step[] = [
  ["filling", "Filling", "open", "#8c8c8c", ["ready_to_impose", "held", "cancelled"]],
  ["ready_to_impose", "Ready to impose", "open", "#597ef7", ["imposed", "filling", "held", "cancelled"]],
  ["imposed", "Imposed", "open", "#2f54eb", ["plated", "sent_to_rip", "held", "cancelled"]],
  ["plated", "Plated", "production", "#1677ff", ["printing", "held"]],
  ["sent_to_rip", "Sent to RIP", "production", "#1677ff", ["printing", "held"]],
  // A press prints; a specialty press may coat (spot UV) and a letterpress cut (die-cut) as it prints.
  [
    "printing",
    "Printing",
    "production",
    "#1677ff",
    ["printed", "coated", "cut", "reprint", "held", "paused"],
  ],
  ["paused", "Paused", "production", "#d48806", [...AT_WORK, "held"]],
  [
    "printed",
    "Printed",
    "production",
    "#13c2c2",
    ["coating", "cutting", "binding", "staged", "reprint", "held"],
  ],
  ["coating", "Coating", "production", "#722ed1", ["coated", "paused", "held"]],
  ["coated", "Coated", "production", "#722ed1", ["cutting", "binding", "staged", "reprint", "held"]],
  ["cutting", "Cutting", "production", "#722ed1", ["cut", "paused", "held"]],
  ["cut", "Cut", "production", "#722ed1", ["binding", "cutting", "finishing", "staged", "reprint", "held"]],
  ["binding", "Binding", "production", "#eb2f96", ["finishing", "paused", "held"]],
  ["finishing", "Finishing", "production", "#eb2f96", ["binding", "cutting", "staged", "reprint", "held"]],
  ["staged", "Staged", "production", "#fa8c16", ["shipping"]],
  ["shipping", "Shipping", "production", "#fa8c16", ["closed"]],
  ["closed", "Closed", "complete", "#52c41a", []],
  // Released back to where it was held (station dashboards' release).
  [
    "held",
    "Held",
    "open",
    "#faad14",
    [
      "filling",
      "ready_to_impose",
      "imposed",
      "plated",
      "sent_to_rip",
      "paused",
      "printed",
      "coated",
      "cut",
      "finishing",
      "cancelled",
    ],
  ],
  ["reprint", "Reprint", "production", "#f5222d", ["printing", "plated", "sent_to_rip"]],
  ["cancelled", "Cancelled", "cancelled", "#ff4d4f", []],
];

const MAIL_ORDER: Step[] = [
  ["draft", "Draft", "open", "#8c8c8c", ["list_received", "cancelled"]],
  ["list_received", "List received", "open", "#597ef7", ["list_processing", "cancelled"]],
  ["list_processing", "List processing", "open", "#2f54eb", ["awaiting_approval", "cancelled"]],
  ["awaiting_approval", "Awaiting approval", "open", "#faad14", ["postage_due", "cancelled"]],
  ["postage_due", "Postage due", "open", "#fa8c16", ["postage_funded", "cancelled"]],
  ["postage_funded", "Postage funded", "production", "#13c2c2", ["printing", "cancelled"]],
  // The inkjet queue starts, completes and holds addressing (issue 18).
  ["printing", "Printing", "production", "#1677ff", ["inkjet_addressing", "on_hold"]],
  ["inkjet_addressing", "Inkjet addressing", "production", "#722ed1", ["tabbing", "trayed", "on_hold"]],
  ["tabbing", "Tabbing", "production", "#722ed1", ["trayed"]],
  ["trayed", "Trayed", "production", "#eb2f96", ["mailed"]],
  ["mailed", "Mailed", "complete", "#52c41a", ["complete"]],
  ["complete", "Complete", "complete", "#389e0d", []],
  // Released back to where it was held (the inkjet queue's release).
  ["on_hold", "On hold", "open", "#faad14", ["printing", "inkjet_addressing", "cancelled"]],
  ["cancelled", "Cancelled", "cancelled", "#ff4d4f", []],
];

// The text each notifying status sends (sms-templates.ts), and the station work in a status waits
// at (production-stations.ts), by "entity:code".
const SMS: Record<string, string> = {
  "order:received": "Order received",
  "order_item:awaiting_proof": "Proof ready",
  "order_item:approved": "Approved",
  "order_item:shipped": "Order shipped",
  "order_item:mailed": "Drop mailed",
};

const STATIONS: Record<string, string> = {
  "order_item:approved": "Prepress juggler",
  "order_item:batched": "Offset press 1",
  "order_item:printed": "UV coating",
  "order_item:coated": "Cutting",
  "order_item:cut": "Folding",
  "order_item:finishing": "Staging",
  "order_item:staged": "Shipping",
  "order_item:packed": "Shipping",
  "run:ready_to_impose": "Prepress juggler",
  "run:plated": "Offset press 1",
  "run:sent_to_rip": "Digital press – Indigo",
  "mail_order:inkjet_addressing": "Inkjet addressing",
};

// The small shop's two stations.
const SMALL_SHOP_STATIONS: Record<string, string> = {
  "order_item:received": "Press",
  "order_item:printing": "Cutting",
};

function rows(entity: string, steps: Step[], stations = STATIONS): SeedRow[] {
  return steps.map(([code, name, category, color, next, customerLabel], i) => ({
    $key: `${entity}:${code}`,
    name,
    code,
    entity,
    category,
    sort_order: (i + 1) * 10,
    color,
    customer_label: customerLabel ?? null,
    next_status_ids: next.map((n) => ref("Status", `${entity}:${n}`)),
    notify_customer:
      (entity === "order_item" && ["awaiting_proof", "shipped", "mailed"].includes(code)) ||
      (entity === "order" && code === "received"),
    sms_template_id: SMS[`${entity}:${code}`] ? ref("SmsTemplate", SMS[`${entity}:${code}`]) : null,
    station_id: stations[`${entity}:${code}`]
      ? ref("ProductionStation", stations[`${entity}:${code}`])
      : null,
    show_on_board: category === "production" || code === "approved",
    allows_cancellation: category === "open",
    locks_editing: category !== "open",
  }));
}

export default defineSeed({
  rows: ({ full }) =>
    full
      ? [
          ...rows("order", ORDER),
          ...rows("order_item", ITEM),
          ...rows("run", RUN),
          ...rows("mail_order", MAIL_ORDER),
        ]
      : rows(
          "order_item",
          ITEM.filter(([code]) => ["received", "printing", "shipped", "cancelled"].includes(code)).map(
            ([code, name, category, color]): Step => [code, name, category, color, []],
          ),
          SMALL_SHOP_STATIONS,
        ).map((row) => ({ ...row, sms_template_id: null })),
});
