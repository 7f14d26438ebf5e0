import { sql } from "drizzle-orm";
import type { RouteCount } from "../../../src/custom/mail/mail-tools";
import { type Database, selectRows } from "../../db/open";
import type { FieldError } from "../../http/errors";
import type { FieldBound, Row } from "../hooks";
import { quoteIdent } from "../tables";
import { childOf, formatCount, modelOf, numberOr } from "./derived-writes";
import { productionItem } from "./order-service-lines";

// The bounds of a mail order's drops (issue 16, class 8): how many pieces it may mail, when a
// drop may be scheduled and mailed, and the presort counts. Used by the mail-order hook on every
// write and by its `bounds` for the drop form.

const DAY_MS = 86_400_000;
/** A drop is scheduled at most this many days ahead (a year, a leap day included). */
export const MAX_DROP_DAYS_AHEAD = 366;

export const PRESORT_FIELDS = [
  "presort_carrier_route",
  "presort_5_digit",
  "presort_3_digit",
  "presort_aadc",
  "presort_mixed_aadc",
] as const;

const PRESORT_LABELS: Record<string, string> = {
  presort_carrier_route: "carrier route",
  presort_5_digit: "5-digit",
  presort_3_digit: "3-digit",
  presort_aadc: "AADC",
  presort_mixed_aadc: "mixed AADC",
};

const active = (drop: Row) => drop.status !== "cancelled";
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's date where it is earliest (UTC−12) and latest (UTC+14): a shop anywhere is in between. */
export function todayRange(now = Date.now()): { earliest: string; latest: string } {
  return { earliest: isoDate(now - 12 * 3_600_000), latest: isoDate(now + 14 * 3_600_000) };
}

const plusDays = (date: string, days: number) => isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/**
 * Drop numbers repeated, new or re-dated drops outside today … a year ahead, drops mailed before
 * their date. `stored`: the drops before the write (by id), to tell a re-dated drop from a kept one.
 */
export function dropRuleErrors(drops: Row[], stored: Row[], now = Date.now()): FieldError[] {
  const errors: FieldError[] = [];
  const { earliest, latest } = todayRange(now);
  const last = plusDays(isoDate(now), MAX_DROP_DAYS_AHEAD);
  const before = new Map(stored.map((d) => [d.id, d]));
  const numbers = new Map<number, number>();
  drops.forEach((drop, index) => {
    const at = `drops.${index}.`;
    const no = drop.drop_no;
    if (typeof no === "number") {
      const first = numbers.get(no);
      if (first !== undefined) {
        errors.push({
          field: `${at}drop_no`,
          message: `Drop numbers are unique within a mail order: drop ${no} is already the ${ordinal(first + 1)} drop`,
        });
      } else numbers.set(no, index);
    }
    const date = drop.scheduled_date;
    if (typeof date !== "string" || !active(drop)) return;
    const old = drop.id === undefined ? undefined : before.get(drop.id);
    if (!old || old.scheduled_date !== date) {
      if (date < earliest) {
        errors.push({
          field: `${at}scheduled_date`,
          message: `A drop cannot be scheduled in the past: ${date} is before today (${isoDate(now)})`,
        });
      } else if (date > last) {
        errors.push({
          field: `${at}scheduled_date`,
          message: `A drop is scheduled at most a year ahead: ${date} is after ${last}`,
        });
      }
    }
    if (drop.status !== "mailed") return;
    const mailedAt =
      drop.mailed_at instanceof Date ? drop.mailed_at.getTime() : Date.parse(String(drop.mailed_at));
    // The mailing's local date is at most a day ahead of UTC's (UTC+14).
    const mailedOn = Number.isFinite(mailedAt) ? isoDate(mailedAt + 14 * 3_600_000) : latest;
    if (mailedOn < date) {
      errors.push({
        field: Number.isFinite(mailedAt) ? `${at}mailed_at` : `${at}status`,
        message: `Drop ${String(no ?? index + 1)} cannot be mailed before its scheduled date ${date}${Number.isFinite(mailedAt) ? ` (mailed on ${isoDate(mailedAt)})` : ""}`,
      });
    }
  });
  return errors;
}

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};

/** One source of pieces and how many it gives. */
export interface PieceLimit {
  pieces: number;
  /** "the 10,000 records of its mailing lists (Spring list)". */
  words: string;
}

const idList = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];

const table = async (kind: "List" | "Route" | "Order" | "MailOrder" | "Status", child?: string) => {
  const model = await modelOf(kind);
  return sql.raw(quoteIdent(child ? childOf(model, child).table.name : model.table.name));
};

/** The pieces the mail order's lists, routes and order give (only those it names). */
export async function pieceLimits(tx: Database, tenantId: number, mailOrder: Row): Promise<PieceLimit[]> {
  const limits: PieceLimit[] = [];
  const lists = idList(mailOrder.list_ids);
  if (lists.length > 0) {
    const l = await table("List");
    const [row] = await selectRows<{ n: number; names: string | null }>(
      tx,
      sql`select coalesce(sum(record_count), 0)::int as n, string_agg(name, ', ' order by name) as names
        from ${l} where tenant_id = ${tenantId} and id in (${sql.join(
          lists.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    limits.push({
      pieces: Number(row?.n ?? 0),
      words: `the ${formatCount(Number(row?.n ?? 0))} records of its mailing lists (${row?.names ?? ""})`,
    });
  }
  const routes = idList(mailOrder.route_ids);
  if (routes.length > 0) {
    const r = await table("Route");
    const [row] = await selectRows<{ n: number }>(
      tx,
      sql`select coalesce(sum(total_count), 0)::int as n from ${r} where tenant_id = ${tenantId} and id in (${sql.join(
        routes.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    limits.push({
      pieces: Number(row?.n ?? 0),
      words: `the ${formatCount(Number(row?.n ?? 0))} addresses of its EDDM routes`,
    });
  }
  if (typeof mailOrder.order_id === "number") limits.push(await orderLimit(tx, tenantId, mailOrder));
  return limits;
}

/** The ZIP and addresses of each of the mail order's EDDM routes (the tenant's only). */
export async function routeCounts(tx: Database, tenantId: number, routeIds: unknown): Promise<RouteCount[]> {
  const routes = idList(routeIds);
  if (routes.length === 0) return [];
  const r = await table("Route");
  const rows = await selectRows<{ zip5: string; n: number }>(
    tx,
    sql`select zip5, coalesce(total_count, 0)::int as n from ${r} where tenant_id = ${tenantId} and id in (${sql.join(
      routes.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => ({ zip5: String(row.zip5), total_count: Number(row.n) }));
}

/**
 * What the mail order's order prints for it: the order's production items (not Service lines, such as
 * the postage a postcard tool's order bills) of its product that are not cancelled (all its items when none is of the product), less the other mail orders (not
 * cancelled) of the order mailing the same product.
 */
async function orderLimit(tx: Database, tenantId: number, mailOrder: Row): Promise<PieceLimit> {
  const [o, i, m, s] = await Promise.all([
    table("Order"),
    table("Order", "items"),
    table("MailOrder"),
    table("Status"),
  ]);
  const orderId = mailOrder.order_id as number;
  const product = typeof mailOrder.product_id === "number" ? mailOrder.product_id : null;
  const id = typeof mailOrder.id === "number" ? mailOrder.id : null;
  const [row] = await selectRows<{
    order_number: string;
    all_items: number;
    of_product: number;
    others: number;
    other_numbers: string | null;
  }>(
    tx,
    sql`select o.order_number,
        (select coalesce(sum(i.quantity), 0)::int from ${i} i left join ${s} st on st.id = i.item_status_id
          where i.tenant_id = ${tenantId} and i.parent_id = o.id and st.category is distinct from 'cancelled'
            and ${productionItem("i")}) as all_items,
        (select coalesce(sum(i.quantity), 0)::int from ${i} i left join ${s} st on st.id = i.item_status_id
          where i.tenant_id = ${tenantId} and i.parent_id = o.id and st.category is distinct from 'cancelled'
            and ${productionItem("i")} and i.product_id = ${product}) as of_product,
        (select coalesce(sum(m.piece_count), 0)::int from ${m} m left join ${s} st on st.id = m.status_id
          where m.tenant_id = ${tenantId} and m.order_id = o.id and st.category is distinct from 'cancelled'
            and m.product_id is not distinct from ${product} ${id === null ? sql`` : sql`and m.id <> ${id}`}) as others,
        (select string_agg(m.mail_order_number, ', ' order by m.mail_order_number) from ${m} m
          left join ${s} st on st.id = m.status_id
          where m.tenant_id = ${tenantId} and m.order_id = o.id and st.category is distinct from 'cancelled'
            and coalesce(m.piece_count, 0) > 0
            and m.product_id is not distinct from ${product} ${id === null ? sql`` : sql`and m.id <> ${id}`}) as other_numbers
      from ${o} o where o.tenant_id = ${tenantId} and o.id = ${orderId}`,
  );
  const printed = Number(row?.of_product) > 0 ? Number(row?.of_product) : Number(row?.all_items ?? 0);
  const others = Number(row?.others ?? 0);
  return {
    pieces: Math.max(0, printed - others),
    words: `the ${formatCount(printed)} pieces order ${String(row?.order_number ?? orderId)} prints${
      others > 0
        ? `, less ${formatCount(others)} on ${String(row?.other_numbers ?? "its other mail orders")}`
        : ""
    }`,
  };
}

/** The drops mailing more than the smallest limit: 400 on the drop that goes over it. */
export function pieceErrors(drops: Row[], limits: PieceLimit[]): FieldError[] {
  if (limits.length === 0) return [];
  const limit = limits.reduce((a, b) => (b.pieces < a.pieces ? b : a));
  let sum = 0;
  for (const [index, drop] of drops.entries()) {
    if (!active(drop)) continue;
    sum += numberOr(drop.quantity);
    if (sum <= limit.pieces) continue;
    const total = drops.filter(active).reduce((n, d) => n + numberOr(d.quantity), 0);
    return [
      {
        field: `drops.${index}.quantity`,
        message: `The drops mail ${formatCount(total)} pieces, more than ${limit.words}`,
      },
    ];
  }
  return [];
}

/** Presort counts adding up to more than the piece count: 400 on the count that goes over. */
export function presortErrors(record: Row): FieldError[] {
  const pieces = numberOr(record.piece_count);
  let sum = 0;
  for (const name of PRESORT_FIELDS) {
    sum += numberOr(record[name]);
    if (sum <= pieces) continue;
    const total = PRESORT_FIELDS.reduce((n, f) => n + numberOr(record[f]), 0);
    return [
      {
        field: name,
        message: `The presort counts add up to ${formatCount(total)}, more than the ${formatCount(pieces)} pieces the drops mail (${PRESORT_LABELS[name]} goes over)`,
      },
    ];
  }
  return [];
}

/** Each drop's quantity at most what the limit leaves after the other drops. */
export function dropBounds(drops: Row[], limits: PieceLimit[]): Record<string, FieldBound> {
  if (limits.length === 0) return {};
  const limit = limits.reduce((a, b) => (b.pieces < a.pieces ? b : a));
  const total = drops.filter(active).reduce((n, d) => n + numberOr(d.quantity), 0);
  const bounds: Record<string, FieldBound> = {};
  drops.forEach((drop, index) => {
    const others = total - (active(drop) ? numberOr(drop.quantity) : 0);
    const max = Math.max(0, limit.pieces - others);
    bounds[`drops.${index}.quantity`] = {
      min: 1,
      max,
      message: `At most ${formatCount(max)}: ${limit.words}${others > 0 ? `, ${formatCount(others)} on the other drops` : ""}`,
    };
  });
  return bounds;
}
