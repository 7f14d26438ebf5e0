// What both run print-outs show, read through the app's data provider: the run (with its items), its orders
// (with their items), the items' products and the orders' customers, the stock, the press and the option names.
// Records the reader may not see stay out (their fields print as "—"); the run itself decides the page.
import { type BaseRecord, useList, useMany, useOne } from "@refinedev/core";

type Rec = BaseRecord & Record<string, unknown>;

export interface PrintItem {
  /** The order item's id: the item number the shop scans and the server's messages name. */
  itemId: number;
  slot: number;
  numberUp: number;
  quantityRequired: number;
  dueAt?: string;
  orderNumber?: string;
  customer?: string;
  product?: string;
  description?: string;
  quantity?: number;
  options: { name: string; value: string }[];
  proofVersion?: number;
  shipMethod?: string;
  colours?: string;
  coating?: string;
  finished?: [number, number];
  flat?: [number, number];
  bleed: number;
  notes?: string;
}

export interface PrintRun {
  id: number;
  runNumber: string;
  runType: string;
  stock?: string;
  sheetWidth?: number;
  sheetHeight?: number;
  sheets?: number;
  overs?: number;
  plates?: number;
  colours?: string;
  coating?: string;
  press?: string;
  dueAt?: string;
  notes?: string;
  items: PrintItem[];
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const ids = (values: unknown[]) => [...new Set(values.map(num).filter((v): v is number => v !== undefined))];
const size = (w: unknown, h: unknown): [number, number] | undefined => {
  const [a, b] = [num(w), num(h)];
  return a && b ? [a, b] : undefined;
};

interface AttributeValue {
  code?: string;
  label?: string;
}

/** Options `{ attribute code: value code }` in the shop's words, from the attributes' names and value labels. */
export function optionNames(options: unknown, attributes: Rec[]): { name: string; value: string }[] {
  if (!options || typeof options !== "object" || Array.isArray(options)) return [];
  return Object.entries(options as Record<string, unknown>).map(([code, value]) => {
    const attribute = attributes.find((a) => a.code === code);
    const values = Array.isArray(attribute?.values) ? (attribute.values as AttributeValue[]) : [];
    const label = values.find((v) => v.code === value)?.label;
    return { name: str(attribute?.name) ?? code, value: label ?? String(value) };
  });
}

/** Builds the print model from the fetched records (pure: unit-tested). */
export function buildPrintRun(
  run: Rec,
  related: {
    orders: Rec[];
    products: Rec[];
    customers: Rec[];
    attributes: Rec[];
    stock?: Rec;
    press?: Rec;
  },
): PrintRun {
  const orders = new Map(related.orders.map((o) => [Number(o.id), o]));
  const products = new Map(related.products.map((p) => [Number(p.id), p]));
  const customers = new Map(related.customers.map((c) => [Number(c.id), c]));
  const runItems = Array.isArray(run.items) ? (run.items as Rec[]) : [];
  const items: PrintItem[] = runItems.map((row) => {
    const order = orders.get(Number(row.order_id));
    const orderItems = Array.isArray(order?.items) ? (order.items as Rec[]) : [];
    const line = orderItems.find((i) => Number(i.id) === Number(row.order_item_id));
    const product = products.get(Number(line?.product_id));
    const customer = customers.get(Number(order?.customer_id));
    const finished = size(product?.finished_width, product?.finished_height);
    return {
      itemId: Number(row.order_item_id),
      slot: num(row.slot) ?? 0,
      numberUp: num(row.number_up) ?? 1,
      quantityRequired: num(row.quantity_required) ?? 0,
      dueAt: str(row.due_at) ?? str(order?.wanted_by),
      orderNumber: str(order?.order_number),
      customer: str(customer?.company) ?? str(customer?.name),
      product: str(product?.name),
      description: str(line?.description),
      quantity: num(line?.quantity),
      options: optionNames(line?.options, related.attributes),
      proofVersion: num(line?.proof_version),
      shipMethod: str(order?.ship_method),
      colours: str(line?.color_spec) ?? str(product?.color_spec),
      coating: str(line?.coating),
      finished,
      flat: size(product?.flat_width, product?.flat_height) ?? finished,
      bleed: num(product?.bleed) ?? 0.125,
      notes: str(order?.special_instructions),
    };
  });
  items.sort((a, b) => a.slot - b.slot);
  return {
    id: Number(run.id),
    runNumber: String(run.run_number ?? run.id),
    runType: String(run.run_type ?? "gang"),
    stock: str(related.stock?.name),
    sheetWidth: num(run.sheet_width) ?? num(related.stock?.sheet_width),
    sheetHeight: num(run.sheet_height) ?? num(related.stock?.sheet_height),
    sheets: num(run.sheets),
    overs: num(run.overs),
    plates: num(run.plates),
    colours: str(run.color_spec),
    coating: str(run.coating),
    press: str(related.press?.name),
    dueAt: str(run.due_at),
    notes: str(run.notes),
    items,
  };
}

const quiet = { retry: false } as const;

/** Loads a run and what its print-outs show; `run` is undefined until everything asked for has answered. */
export function useRunPrintData(id: string | undefined) {
  const runQuery = useOne<Rec>({ resource: "Run", id, queryOptions: { enabled: !!id, ...quiet } });
  const run = runQuery.result;
  const runItems = Array.isArray(run?.items) ? (run.items as Rec[]) : [];
  const orderIds = ids(runItems.map((i) => i.order_id));
  const orders = useMany<Rec>({
    resource: "Order",
    ids: orderIds,
    queryOptions: { enabled: orderIds.length > 0, ...quiet },
  });
  const wanted = new Set(runItems.map((i) => Number(i.order_item_id)));
  const lines = orders.result.data.flatMap((o) =>
    (Array.isArray(o.items) ? (o.items as Rec[]) : []).filter((i) => wanted.has(Number(i.id))),
  );
  const productIds = ids(lines.map((l) => l.product_id));
  const customerIds = ids(orders.result.data.map((o) => o.customer_id));
  const codes = [...new Set(lines.flatMap((l) => Object.keys((l.options as object | null) ?? {})))];
  const products = useMany<Rec>({
    resource: "Product",
    ids: productIds,
    queryOptions: { enabled: productIds.length > 0, ...quiet },
  });
  const customers = useMany<Rec>({
    resource: "Customer",
    ids: customerIds,
    queryOptions: { enabled: customerIds.length > 0, ...quiet },
  });
  const attributes = useList<Rec>({
    resource: "Attribute",
    // A shop has a few dozen options: one page of them (a code filter is not in the contract's words).
    pagination: { pageSize: 100 },
    queryOptions: { enabled: codes.length > 0, ...quiet },
  });
  const stock = useOne<Rec>({
    resource: "Inventory",
    id: num(run?.stock_id),
    queryOptions: { enabled: num(run?.stock_id) !== undefined, ...quiet },
  });
  const press = useOne<Rec>({
    resource: "Equipment",
    id: num(run?.equipment_id),
    queryOptions: { enabled: num(run?.equipment_id) !== undefined, ...quiet },
  });

  const waiting =
    [orders, products, customers].some((q) => q.query.isLoading) ||
    attributes.query.isLoading ||
    stock.query.isLoading ||
    press.query.isLoading;
  if (runQuery.query.isError) return { error: true as const };
  if (!run || runQuery.query.isLoading || waiting) return { loading: true as const };
  return {
    run: buildPrintRun(run, {
      orders: orders.result.data,
      products: products.result.data,
      customers: customers.result.data,
      attributes: attributes.result.data,
      stock: stock.result,
      press: press.result,
    }),
  };
}
