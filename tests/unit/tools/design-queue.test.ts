import { describe, expect, it } from "vitest";
import {
  designStatus,
  parseQueueFilters,
  serviceCharge,
  serviceLineDescription,
  sortByDue,
} from "../../../src/custom/tools/design-queue";

// The graphic service manager's pure rules: status, the address's filters, the due-date order and the price of
// logged hours.

describe("design queue", () => {
  it.each([
    [null, 0, "unassigned"],
    [7, 0, "in_design"],
    [7, 2, "proof_sent"],
    [null, 1, "proof_sent"],
  ] as const)("designer %s with %s proofs sent is %s", (designer, proofs, status) => {
    expect(designStatus(designer, proofs)).toBe(status);
  });

  it.each([
    ["", { designer: undefined, status: undefined, sort: "due" }],
    ["designer=none&status=unassigned", { designer: "none", status: "unassigned", sort: "due" }],
    ["designer=12&sort=-due", { designer: 12, status: undefined, sort: "-due" }],
    ["designer=abc&status=done&sort=up", { designer: undefined, status: undefined, sort: "due" }],
  ])("reads ?%s", (query, expected) => {
    expect(parseQueueFilters(new URLSearchParams(query))).toEqual(expected);
  });

  it("sorts by due date either way, requests without one last, then by order and item", () => {
    const rows = [
      { design_due: null, order_number: "ORD-1", item_number: 1 },
      { design_due: "2026-12-03", order_number: "ORD-9", item_number: 2 },
      { design_due: "2026-12-01", order_number: "ORD-5", item_number: 1 },
      { design_due: "2026-12-03", order_number: "ORD-9", item_number: 1 },
      { design_due: null, order_number: "ORD-0", item_number: 1 },
    ];
    const key = (r: (typeof rows)[number]) => `${r.design_due ?? "-"} ${r.order_number}/${r.item_number}`;
    expect(sortByDue(rows, "due").map(key)).toEqual([
      "2026-12-01 ORD-5/1",
      "2026-12-03 ORD-9/1",
      "2026-12-03 ORD-9/2",
      "- ORD-0/1",
      "- ORD-1/1",
    ]);
    expect(sortByDue(rows, "-due").map(key)).toEqual([
      "2026-12-03 ORD-9/1",
      "2026-12-03 ORD-9/2",
      "2026-12-01 ORD-5/1",
      "- ORD-0/1",
      "- ORD-1/1",
    ]);
  });

  it.each([
    [1.5, 75, 37.5, 112.5],
    [0.25, 75, 37.5, 37.5],
    [0.75, 60, null, 45],
    [1.25, 33.33, 0, 41.66],
  ])("%s h at $%s (minimum %s) is $%s", (hours, rate, min, price) => {
    expect(serviceCharge(hours, rate, min)).toBe(price);
  });

  it("describes the Service line", () => {
    expect(serviceLineDescription("Graphic design", 1.5, 75, 2)).toBe(
      "Graphic design: 1.5 h at $75.00/h for item 2",
    );
  });
});
