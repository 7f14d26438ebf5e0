import { defineResource } from "../resource-engine/define";
import {
  boolean,
  choice,
  date,
  datetime,
  decimal,
  integer,
  type JsonShape,
  json,
  longText,
  money,
  NOW,
  reference,
  referenceList,
  richText,
  text,
} from "../resource-engine/fields";

// The product options chosen for a line: attribute code → value code.
export const OPTION_VALUES: JsonShape = {
  type: "map",
  maxKeys: 50,
  maxKeyLength: 60,
  values: { type: "string", max: 200 },
};

// A line's files: what the customer uploaded, per side.
const ARTWORK: JsonShape = {
  type: "array",
  max: 20,
  items: {
    type: "object",
    properties: {
      name: { type: "string", max: 200, required: true },
      url: { type: "url", required: true },
      side: { type: "string", max: 40 },
    },
  },
};

// An order's addresses are its customer's; its items' products and templates its site's (if any).
const ofCustomer = { field: "customer_id", targetField: "customer_id" };
const ofSite = { field: "site_id", targetField: "site_id", optional: true };

// Items, not orders, move through production: each item has its own status and run. An order's
// totals are computed by the server from its items and charges.
export default defineResource({
  kind: "Order",
  icon: "shopping-cart",
  group: "Orders",
  pages: "routes",
  ownerField: "owner_id",
  titleField: "order_number",
  fields: {
    order_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "ORD-{n}", start: 100_001 },
    }),
    // Search finds the customer's name as well as the numbers.
    customer_id: reference("Customer", { required: true, filter: true, searchable: true }),
    site_id: reference("Site", { filter: true }),
    channel: choice(
      ["storefront", { value: "csr", label: "CSR" }, { value: "api", label: "API" }, "reorder"],
      {
        required: true,
        default: "csr",
        filter: true,
      },
    ),
    status_id: reference("Status", { statusOf: "order", filter: true }),
    bill_to_id: reference("CustomerAddress", {
      label: "Bill to",
      onDelete: "setNull",
      dependsOn: ofCustomer,
    }),
    ship_to_id: reference("CustomerAddress", {
      label: "Ship to",
      onDelete: "setNull",
      dependsOn: ofCustomer,
    }),
    customer_po: text({ label: "Customer PO", max: 40, searchable: true }),
    cost_center_id: reference("CostCenter", { filter: true, onDelete: "setNull" }),
    sales_rep_id: reference("User", { filter: true, onDelete: "setNull" }),
    csr_id: reference("User", { label: "CSR", filter: true, onDelete: "setNull" }),
    ordered_at: datetime({ required: true, default: NOW, sortable: true, filter: true }),
    proof_due_at: datetime({ sortable: true, notBefore: { field: "ordered_at", label: "the order date" } }),
    wanted_by: date({
      label: "Due date",
      sortable: true,
      filter: true,
      notBefore: { field: "ordered_at", label: "the order date" },
    }),
    firm_due_date: boolean({ filter: true, help: "The due date cannot slip" }),
    turnaround: choice(
      ["standard", { value: "rush", color: "orange" }, { value: "next_day", color: "red" }],
      {
        required: true,
        default: "standard",
        filter: true,
      },
    ),
    ship_method: choice(["pickup", "local_delivery", "ground", "two_day", "overnight", "freight", "mail"], {
      filter: true,
    }),
    blind_ship: boolean({ help: "Ships under the customer's return address, with no shop branding" }),
    subtotal: money({ readOnly: true, help: "The sum of the items' prices" }),
    // Never more than the items are worth: the total cannot go negative.
    discount: money({ notAbove: { field: "subtotal", label: "the subtotal" } }),
    shipping: money(),
    tax: money(),
    total: money({ readOnly: true, sortable: true }),
    amount_due: money({ readOnly: true, sortable: true, filter: true }),
    payment_status: choice(
      [
        { value: "unpaid", color: "red" },
        { value: "authorized", color: "blue" },
        { value: "partially_paid", color: "orange" },
        { value: "paid", color: "green" },
        { value: "on_account" },
        { value: "refunded" },
      ],
      // Computed by the server from the payments and refunds (hooks/order-money.ts).
      { required: true, default: "unpaid", filter: true, readOnly: true },
    ),
    special_instructions: longText({ max: 4000 }),
    // The shop's own notes on the order (rich text, sanitised by the server before it is stored).
    notes: richText({ max: 20_000 }),
    avanti_sales_order_no: text({ label: "Avanti sales order no.", max: 40, searchable: true }),
    four_over_order_id: text({ label: "4over order ID", max: 60, searchable: true }),
    // Set to the creator when empty; ReadOwn/UpdateOwn/DeleteOwn callers see only their own.
    owner_id: reference("User", { filter: true }),
  },
  children: {
    items: {
      fields: {
        product_id: reference("Product", {
          required: true,
          dependsOn: ofSite,
          // Picking a product fills the line's description and its price for the quantity.
          fills: { description: "name", price: { tiers: "price_tiers", quantity: "quantity" } },
        }),
        template_id: reference("Template", { onDelete: "setNull", dependsOn: ofSite }),
        description: text({ required: true, max: 300 }),
        // bounded: locked on the form while an open run prints the item (the server refuses a change).
        quantity: integer({ required: true, min: 1, max: 10_000_000, bounded: true }),
        options: json({ help: "{ attribute code: value code }", shape: OPTION_VALUES }),
        artwork: json({ help: "[{ name, url, side }]", shape: ARTWORK }),
        proof_version: integer({ min: 0, max: 1000, default: 0 }),
        price: money({ help: "The line's price" }),
        item_status_id: reference("Status", {
          label: "Status",
          statusOf: "order_item",
          noStatusWith: "service_id",
        }),
        // The run that gangs the item, set by the server (hooks/order-item-runs.ts): never in a body.
        run_id: reference("Run", { onDelete: "setNull", readOnly: true }),
        outsource_vendor_id: reference("Vendor", { onDelete: "setNull" }),
        // The gang rule: items share a run only when stock, colours and coating match.
        stock_id: reference("Inventory", { onDelete: "setNull", bounded: true }),
        color_spec: text({
          bounded: true,
          label: "Colours",
          max: 5,
          pattern: "^\\d{1,2}/\\d{1,2}$",
          patternMessage: "Front/back colours, e.g. 4/4",
        }),
        coating: choice(["none", { value: "uv", label: "UV" }, "aqueous", "matte"], {
          default: "none",
          bounded: true,
        }),
        // The production plan (planning sections, /orders/{id}/edit-planning-sections): the stations
        // in order, the press, the press sheets and their size, the planned minutes. The stock is
        // stock_id above. Checked against the press by the planning route (server/orders/planning.ts).
        plan_station_ids: referenceList("ProductionStation", { label: "Planned stations", help: "In order" }),
        plan_equipment_id: reference("Equipment", { label: "Planned press", onDelete: "setNull" }),
        plan_sheets: integer({ label: "Press sheets", min: 0, max: 10_000_000 }),
        plan_sheet_width: decimal({ label: "Sheet width", min: 0, max: 200, scale: 3, unit: "in" }),
        plan_sheet_height: decimal({ label: "Sheet height", min: 0, max: 200, scale: 3, unit: "in" }),
        plan_minutes: integer({ label: "Planned minutes", min: 0, max: 100_000, unit: "min" }),
        // Design work (/graphic-service-manager, src/custom/tools/): an item with a design request
        // is in the designers' queue; the hours logged on it are billed as a Service line (an item
        // naming the service, service_id, on the same order), written by server/tools/graphic-services.ts.
        design_request: longText({ label: "Design request", max: 2000 }),
        designer_id: reference("User", { label: "Designer", onDelete: "setNull" }),
        design_due: date({ label: "Design due" }),
        design_hours: decimal({ label: "Design hours", min: 0, max: 10_000, scale: 2, unit: "h" }),
        service_id: reference("Service", { label: "Service", onDelete: "setNull" }),
      },
      columns: ["product_id", "description", "quantity", "price", "item_status_id", "run_id"],
      titleField: "description",
      min: 1,
    },
  },
  // Customer service requests refunds and enters payments from the order's page.
  related: [
    { kind: "UserPayment", field: "order_id", label: "Payments" },
    { kind: "RefundApproval", field: "order_id", label: "Refund requests" },
  ],
  list: ["order_number", "customer_id", "ordered_at", "wanted_by", "status_id", "total", "payment_status"],
  sort: "-ordered_at",
  form: [
    ["order_number", "customer_id", "site_id"],
    ["channel", "status_id"],
    ["bill_to_id", "ship_to_id", "customer_po"],
    ["ordered_at", "proof_due_at", "wanted_by"],
    ["turnaround", "firm_due_date", "ship_method", "blind_ship"],
    ["sales_rep_id", "csr_id", "owner_id"],
    ["cost_center_id", "discount", "shipping", "tax"],
    ["special_instructions"],
    ["notes"],
    ["avanti_sales_order_no", "four_over_order_id"],
  ],
  show: [
    ["order_number", "customer_id", "site_id"],
    ["channel", "status_id", "payment_status"],
    ["bill_to_id", "ship_to_id", "customer_po"],
    ["ordered_at", "proof_due_at", "wanted_by"],
    ["turnaround", "firm_due_date", "ship_method", "blind_ship"],
    ["sales_rep_id", "csr_id", "owner_id"],
    ["subtotal", "discount", "shipping", "tax"],
    ["total", "amount_due", "cost_center_id"],
    ["special_instructions"],
    ["avanti_sales_order_no", "four_over_order_id"],
  ],
});
