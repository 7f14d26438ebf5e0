import type { FieldError } from "../../http/errors";
import { validationFailed } from "../../http/errors";
import { defineHooks, type Row } from "../hooks";
import { formatCount, numberOr } from "./derived-writes";
import { USPS_HOLIDAYS } from "./usps-holidays";

// Mail orders: piece_count is the sum of the drops' quantities (cancelled drops mail nothing),
// and the drops follow domain.md's multi-drop rule: equal quantities (an uneven count may split
// one piece apart), on set dates within 90 days of the first drop, never on a weekend or a USPS
// holiday. A write breaking the rule is refused (400) on the offending drop's field, e.g.
// drops.2.scheduled_date.

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
    } else if (USPS_HOLIDAYS[date]) {
      errors.push({
        field,
        message: `Drops cannot mail on a USPS holiday: ${date} is ${USPS_HOLIDAYS[date]}`,
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

  async afterWrite({ action, children }) {
    if (action === "delete" || !children?.drops) return;
    const errors = dropErrors(children.drops);
    if (errors.length > 0) throw validationFailed(errors);
  },
});
