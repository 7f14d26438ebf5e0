// What both run print-outs show, read through the app's data provider in one call the server joins
// (server/production/print-data.ts): the run (with its items), its orders (with the run's lines), the lines'
// products, the orders' customers, the stock, the press and the option names. Run Read is all it takes: the
// press room prints jackets without reading orders themselves.
import type { BaseRecord } from "@refinedev/core";
import { useFetched } from "../../../providers/use-fetched";
import { optionNames } from "../../orders/option-names";

type Rec = BaseRecord & Record<string, unknown>;

export interface PrintItem {
  /** The order item's id: the item number the shop scans and the server's messages name. */
  itemId: number;
  /** The order's id (its page's link). */
  orderId: number;
  slot: number;
  numberUp: number;
  quantityRequired: number;
  quantityProduced?: number;
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
  /** The product's production route: its stations' names in order (empty when it declares none). */
  route: string[];
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
const size = (w: unknown, h: unknown): [number, number] | undefined => {
  const [a, b] = [num(w), num(h)];
  return a && b ? [a, b] : undefined;
};

/** Builds the print model from the data records (pure: unit-tested). */
export function buildPrintRun(
  run: Rec,
  related: {
    orders: Rec[];
    products: Rec[];
    customers: Rec[];
    attributes: Rec[];
    stations?: Rec[];
    stock?: Rec;
    press?: Rec;
  },
): PrintRun {
  const stations = new Map((related.stations ?? []).map((st) => [Number(st.id), str(st.name)]));
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
      orderId: Number(row.order_id),
      slot: num(row.slot) ?? 0,
      quantityProduced: num(row.quantity_produced),
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
      route: (Array.isArray(product?.production_route) ? product.production_route : [])
        .map((id) => stations.get(Number(id)))
        .filter((name): name is string => name !== undefined),
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

interface PrintData {
  run: Rec;
  orders: Rec[];
  products: Rec[];
  customers: Rec[];
  attributes: Rec[];
  stations: Rec[];
  stock: Rec | null;
  press: Rec | null;
}

/** Loads a run and what its print-outs show, joined by the server (GET runs/{id}/print-data, Run Read). */
export function useRunPrintData(id: string | undefined) {
  const valid = !!id && /^\d{1,10}$/.test(id);
  const { data, query } = useFetched<PrintData>({
    url: `runs/${id}/print-data`,
    queryOptions: { enabled: valid, retry: false },
    errorNotification: false,
  });
  if (!valid || query.isError) return { error: true as const };
  if (query.isLoading || !data?.run) return { loading: true as const };
  return {
    run: buildPrintRun(data.run, {
      ...data,
      stock: data.stock ?? undefined,
      press: data.press ?? undefined,
    }),
  };
}
