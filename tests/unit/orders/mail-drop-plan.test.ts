import { describe, expect, it } from "vitest";
import {
  addDrop,
  type DropRow,
  dropsByDate,
  halfOf,
  rescheduleDrop,
  splitDrop,
} from "../../../src/custom/orders/mail-drop-plan";

// The mail-drop actions' own checks (which drop may move, a split adding up to the drop's pieces),
// the drop numbering and the calendar's grouping. The mail order's date and quantity rules are the
// server's (tests/server/order-planning-drops.test.ts).

const drop = (id: number, date: string, quantity: number, status = "scheduled"): DropRow => ({
  id,
  drop_no: id,
  scheduled_date: date,
  quantity,
  status,
});
const two = [drop(1, "2027-02-03", 5000), drop(2, "2027-02-17", 5000, "mailed")];

describe("mail drop actions", () => {
  it("adds a scheduled drop numbered after the others", () => {
    expect(addDrop(two, { scheduled_date: "2027-03-03", quantity: 5000 })).toEqual({
      drops: [
        ...two,
        { drop_no: 3, scheduled_date: "2027-03-03", quantity: 5000, list_segment: null, status: "scheduled" },
      ],
    });
    const full = Array.from({ length: 52 }, (_, i) => drop(i + 1, "2027-02-03", 10));
    expect(addDrop(full, { scheduled_date: "2027-03-03", quantity: 10 })).toEqual({
      refusal: { status: 409, message: "A mail order mails in at most 52 drops" },
    });
  });

  it("splits a scheduled drop into two adding up to its pieces", () => {
    const outcome = splitDrop(two, 1, { scheduled_date: "2027-02-10", quantity: 2000 });
    expect(
      outcome && "drops" in outcome && outcome.drops.map((d) => [d.drop_no, d.scheduled_date, d.quantity]),
    ).toEqual([
      [1, "2027-02-03", 3000],
      [2, "2027-02-17", 5000],
      [3, "2027-02-10", 2000],
    ]);
    for (const quantity of [0, 5000, 6000]) {
      expect(splitDrop(two, 1, { scheduled_date: "2027-02-10", quantity })).toEqual({
        refusal: {
          status: 400,
          field: "quantity",
          message:
            "The two drops add up to the 5,000 pieces of drop 1: the new drop mails 1 to 4,999 of them",
        },
      });
    }
    expect(splitDrop([drop(1, "2027-02-03", 1)], 1, { scheduled_date: "2027-02-10", quantity: 1 })).toEqual({
      refusal: { status: 409, message: "Drop 1 mails one piece: it cannot be split" },
    });
  });

  it("moves only a scheduled drop, to another date; an unknown drop is null", () => {
    expect(rescheduleDrop(two, 1, "2027-02-04")).toEqual({
      drops: [{ ...two[0], scheduled_date: "2027-02-04" }, two[1]],
    });
    expect(rescheduleDrop(two, 2, "2027-02-18")).toEqual({
      refusal: { status: 409, message: "Drop 2 is mailed: only a scheduled drop can be rescheduled" },
    });
    expect(
      splitDrop([drop(4, "2027-02-03", 50, "in_production")], 4, {
        scheduled_date: "2027-02-10",
        quantity: 5,
      }),
    ).toEqual({
      refusal: { status: 409, message: "Drop 4 is in production: only a scheduled drop can be split" },
    });
    expect(rescheduleDrop(two, 1, "2027-02-03")).toEqual({
      refusal: {
        status: 400,
        field: "scheduled_date",
        message: "Drop 1 is already scheduled on 2027-02-03: choose another date",
      },
    });
    expect(rescheduleDrop(two, 9, "2027-02-04")).toBeNull();
    expect(splitDrop(two, 9, { scheduled_date: "2027-02-04", quantity: 1 })).toBeNull();
  });

  it("groups the drops by date for the calendar, cancelled ones left out", () => {
    const byDate = dropsByDate([
      {
        mail_order_number: "MO-1",
        drops: [drop(1, "2027-02-03", 10), drop(2, "2027-02-10", 10, "cancelled")],
      },
      { mail_order_number: "MO-2", drops: [drop(1, "2027-02-03", 7, "mailed")] },
    ]);
    expect([...byDate.keys()]).toEqual(["2027-02-03"]);
    expect(byDate.get("2027-02-03")).toEqual([
      { mail_order_number: "MO-1", drop_no: 1, quantity: 10, status: "scheduled" },
      { mail_order_number: "MO-2", drop_no: 1, quantity: 7, status: "mailed" },
    ]);
    expect(halfOf(9001)).toBe(4500);
  });
});
