import { EDDM_SIZES, eddmRetailProblems } from "../../../src/custom/mail/mail-tools";
import type { FieldError } from "../../http/errors";
import { validationFailed } from "../../http/errors";
import { defineHooks, type Row } from "../hooks";
import { formatCount, lockRecord, modelOf, numberOr, storedChildren } from "./derived-writes";
import {
  dropBounds,
  dropRuleErrors,
  PRESORT_FIELDS,
  pieceErrors,
  pieceLimits,
  presortErrors,
  routeCounts,
} from "./mail-order-rules";
import { uspsHoliday } from "./usps-holidays";

// Mail orders: piece_count is the sum of the drops' quantities (cancelled drops mail nothing),
// and the drops follow domain.md's multi-drop rule: equal quantities (an uneven count may split
// one piece apart), on set dates within 90 days of the first drop, never on a weekend or a USPS
// holiday. A write breaking the rule is refused (400) on the offending drop's field, e.g.
// drops.2.scheduled_date.
// Issue 16, class 8 (the checks are in mail-order-rules.ts):
// - the drops mail no more pieces than the mail order has: its lists' records, its EDDM routes'
//   addresses, and the pieces its order prints (the order's items of its product, less what the
//   order's other mail orders already mail; the order row is locked first so two mail orders of
//   one order queue up);
// - the presort counts add up to at most the piece count;
// - a new or re-dated drop is scheduled from today (the date anywhere on earth: UTC−12) to a year
//   ahead (366 days); a drop is never mailed before its date; drop numbers are unique;
// - its lists and its order are its customer's (dependsOn in the declaration: a privacy rule);
// - EDDM Retail mails 200 to 5,000 pieces a day per ZIP (src/custom/mail/mail-tools.ts, issue 22).

export const MAX_DROP_SPAN_DAYS = 90;

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const active = (drop: Row) => drop.status !== "cancelled";
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The rule's errors for a mail order's drops (in their order; index = position). */
export function dropErrors(drops: Row[]): FieldError[] {
  const errors: FieldError[] = [];
  const dated = drops
    .map((drop, index) => ({ drop, index, date: drop.scheduled_date }))
    .filter(
      (d): d is { drop: Row; index: number; date: string } => active(d.drop) && typeof d.date === "string",
    );
  const first = dated.map((d) => d.date).sort()[0];
  for (const { index, date } of dated) {
    const field = `drops.${index}.scheduled_date`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) {
      errors.push({ field, message: `Drops cannot mail on a weekend: ${date} is a ${WEEKDAYS[weekday]}` });
    } else if (uspsHoliday(date)) {
      errors.push({
        field,
        message: `Drops cannot mail on a USPS holiday: ${date} is ${uspsHoliday(date)}`,
      });
    } else if (dayNumber(date) - dayNumber(first) > MAX_DROP_SPAN_DAYS) {
      errors.push({
        field,
        message: `Every drop mails within ${MAX_DROP_SPAN_DAYS} days of the first (${first}); this one is ${dayNumber(date) - dayNumber(first)} days after it`,
      });
    }
  }
  const counted = drops
    .map((drop, index) => ({ drop, index, quantity: drop.quantity }))
    .filter(
      (d): d is { drop: Row; index: number; quantity: number } =>
        active(d.drop) && typeof d.quantity === "number",
    );
  if (counted.length > 1) {
    const quantities = counted.map((d) => d.quantity);
    if (Math.max(...quantities) - Math.min(...quantities) > 1) {
      const reference = counted[0];
      for (const { index, quantity } of counted.slice(1)) {
        if (Math.abs(quantity - reference.quantity) <= 1) continue;
        errors.push({
          field: `drops.${index}.quantity`,
          message: `Every drop mails the same quantity: the first mails ${formatCount(reference.quantity)}`,
        });
      }
    }
  }
  return errors;
}

export default defineHooks({
  compute(values: Row, previous: Row | null, children) {
    const drops = children?.drops;
    if (drops) {
      values.piece_count = drops.filter(active).reduce((sum, d) => sum + numberOr(d.quantity), 0);
    } else if (!previous) {
      values.piece_count = numberOr(values.piece_count);
    }
  },

  async afterWrite({ tx, model, tenantId, action, record, previous, children, previousChildren }) {
    if (action === "delete" || !record) return;
    const drops = children?.drops;
    const errors = drops
      ? [...dropErrors(drops), ...dropRuleErrors(drops, previousChildren?.drops ?? [])]
      : [];
    if (errors.length > 0) throw validationFailed(errors);
    const changed = (name: string) =>
      previous === null || JSON.stringify(previous[name] ?? null) !== JSON.stringify(record[name] ?? null);
    // USPS takes only flats at EDDM (domain.md), as the postcard tool asks of its sizes (mail-tools.ts).
    const eddmClass = String(record.mail_class ?? "").startsWith("eddm");
    if (eddmClass && record.shape && record.shape !== "flat" && (changed("mail_class") || changed("shape"))) {
      throw validationFailed([
        { field: "shape", message: `EDDM takes only flats: a piece ${EDDM_SIZES}. Choose Flat` },
      ]);
    }
    const sourcesChanged = ["order_id", "product_id", "list_ids", "route_ids", "mail_class"].some(changed);
    if (drops || sourcesChanged) {
      // Two mail orders of one order count each other's pieces: the second waits for the first.
      if (typeof record.order_id === "number") {
        await lockRecord(tx, await modelOf("Order"), tenantId, record.order_id);
      }
      const rows = drops ?? (await storedChildren(tx, model, "drops", tenantId, record.id as number));
      const pieces = pieceErrors(rows, await pieceLimits(tx, tenantId, record));
      if (pieces.length > 0) throw validationFailed(pieces);
      if (record.mail_class === "eddm_retail") {
        const days = rows
          .filter((d) => active(d) && typeof d.scheduled_date === "string")
          .map((d) => ({ date: String(d.scheduled_date), pieces: numberOr(d.quantity) }));
        const eddm = eddmRetailProblems(await routeCounts(tx, tenantId, record.route_ids), days);
        if (eddm.length > 0) throw validationFailed(eddm.map((message) => ({ field: "route_ids", message })));
      }
    }
    const presort = presortErrors(record);
    if (presort.length > 0 && (drops || PRESORT_FIELDS.some(changed))) throw validationFailed(presort);
  },

  // The drop form: each drop mails at most the pieces the other drops leave.
  async bounds({ tx, tenantId, values, id }) {
    const drops = Array.isArray(values.drops) ? (values.drops as Row[]) : [];
    return dropBounds(drops, await pieceLimits(tx, tenantId, { ...values, id }));
  },
});
