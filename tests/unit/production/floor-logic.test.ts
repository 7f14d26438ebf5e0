import qs from "qs";
import { describe, expect, it } from "vitest";
import { localDateIn, startOfDayIn, zonedDay } from "../../../server/production/zoned-day";
import { byStage, type InkjetRow, inkjetActions, stageOf } from "../../../src/custom/production/inkjet-logic";
import {
  backlogHours,
  backlogIn,
  listLink,
  type ManagerAnswer,
  managerLinks,
  percent,
  printedSides,
  STATION_WORK,
  type StationWork,
} from "../../../src/custom/production/manager-logic";
import {
  cellAllowed,
  emptyNextMeaning,
  reorderWrites,
  toggledNext,
} from "../../../src/custom/production/status-workflow";

// The pure rules of the production manager, the inkjet queue and status management (issue 18).

const WORK: StationWork = {
  runs: 2,
  looseItems: 3,
  mailOrders: 1,
  items: 6,
  sheets: 3_000,
  impressions: 5_000,
  pieces: 12_500,
  sqFt: 840,
  minutes: 150,
};

describe("production manager: backlog against capacity", () => {
  it("reads the work in the capacity's unit", () => {
    expect(
      (["sheets", "impressions", "items", "pieces", "sq_ft", "hours"] as const).map((u) =>
        backlogIn(u, WORK),
      ),
    ).toEqual([3_000, 5_000, 6, 12_500, 840, 2.5]);
  });

  it("turns a backlog into hours of an 8-hour shift's capacity", () => {
    expect(backlogHours(3_000, 8_000, "sheets")).toBe(3); // 3,000 ÷ (8,000 ÷ 8 h)
    expect(backlogHours(12_500, 20_000, "pieces")).toBe(5);
    expect(backlogHours(1, 3, "items")).toBe(2.7); // 2.666… to one decimal
    expect(backlogHours(2.5, null, "hours")).toBe(2.5); // hours need no capacity
    expect(backlogHours(3_000, null, "sheets")).toBeNull();
    expect(backlogHours(3_000, 0, "sheets")).toBeNull();
  });

  it("counts printed sides from the colours", () => {
    expect(["4/4", "4/0", "1/1", "0/4", "0/0", "12/12", null, "CMYK"].map(printedSides)).toEqual([
      2, 1, 2, 1, 0, 2, 1, 1,
    ]);
  });

  it("gives a percentage with one decimal, none without a whole", () => {
    expect(percent({ part: 1, whole: 3 })).toBe(33.3);
    expect(percent({ part: 300, whole: 1_500 })).toBe(20);
    expect(percent({ part: 0, whole: 0 })).toBeNull();
  });

  it("counts press and finishing runs in their boards' statuses", () => {
    expect(STATION_WORK.press).toEqual(["plated", "sent_to_rip", "printing", "paused", "held", "reprint"]);
    expect(STATION_WORK.digital_production).toEqual(STATION_WORK.press);
    expect(STATION_WORK.cutting).toContain("coated");
    expect(STATION_WORK.prepress_juggler).toBeUndefined();
  });
});

describe("production manager: links to the lists behind the figures", () => {
  it("writes Refine's URL filters", () => {
    const link = listLink("/equipments", [
      { field: "status", operator: "in", value: ["down", "maintenance"] },
    ]);
    expect(link.split("?")[0]).toBe("/equipments");
    expect(qs.parse(link.split("?")[1])).toEqual({
      filters: [{ field: "status", operator: "in", value: ["down", "maintenance"] }],
    });
  });

  it("bounds each figure's list by its statuses and dates", () => {
    const answer = {
      today: "2026-03-02",
      day_start: "2026-03-02T06:00:00.000Z",
      day_end: "2026-03-03T06:00:00.000Z",
      window_start: "2026-02-01T06:00:00.000Z",
      at_risk_until: "2026-03-04",
      order_status_ids: { open: [1, 2], active: [1, 2, 3] },
    } as ManagerAnswer;
    const links = managerLinks(answer);
    const filters = (link: string) => (qs.parse(link.split("?")[1]) as { filters: unknown[] }).filters;
    expect(filters(links.late)).toEqual([
      { field: "status_id", operator: "in", value: ["1", "2", "3"] },
      { field: "wanted_by", operator: "lte", value: "2026-03-01" },
    ]);
    expect(filters(links.atRisk)).toEqual([
      { field: "status_id", operator: "in", value: ["1", "2"] },
      { field: "wanted_by", operator: "gte", value: "2026-03-03" },
      { field: "wanted_by", operator: "lte", value: "2026-03-04" },
    ]);
    expect(links.shippedToday.startsWith("/packing-slips?")).toBe(true);
    expect(filters(links.press(7))).toEqual([
      { field: "equipment_id", operator: "in", value: ["7"] },
      { field: "printed_at", operator: "gte", value: "2026-03-02T06:00:00.000Z" },
      { field: "printed_at", operator: "lte", value: "2026-03-03T06:00:00.000Z" },
    ]);
  });
});

describe("the shop's day in its time zone", () => {
  const at = (iso: string) => Date.parse(iso);
  it("is the local date, not UTC's", () => {
    // 03:30 UTC is still the evening before in Chicago (UTC−6 in winter).
    expect(localDateIn(at("2026-01-15T03:30:00Z"), "America/Chicago")).toBe("2026-01-14");
    expect(localDateIn(at("2026-01-15T03:30:00Z"), "UTC")).toBe("2026-01-15");
    expect(startOfDayIn("2026-01-15", "America/Chicago")).toBe(at("2026-01-15T06:00:00Z"));
    expect(startOfDayIn("2026-07-15", "America/Chicago")).toBe(at("2026-07-15T05:00:00Z"));
  });

  it("has 23 and 25 hours on the days the clocks change", () => {
    const spring = zonedDay(at("2026-03-08T18:00:00Z"), "America/Chicago");
    expect(spring).toEqual({
      date: "2026-03-08",
      start: at("2026-03-08T06:00:00Z"),
      end: at("2026-03-09T05:00:00Z"),
    });
    const autumn = zonedDay(at("2026-11-01T18:00:00Z"), "America/Chicago");
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
    expect(zonedDay(at("2026-11-01T18:00:00Z"), "America/Chicago", -29).date).toBe("2026-10-03");
  });
});

describe("inkjet queue", () => {
  const row = (mail_order_number: string, stage: InkjetRow["stage"], next_drop: string | null) =>
    ({ mail_order_number, stage, next_drop }) as InkjetRow;

  it("offers start when ready, complete when addressing, release when held; hold before both", () => {
    expect(inkjetActions("ready")).toEqual(["start", "hold"]);
    expect(inkjetActions("addressing")).toEqual(["complete", "hold"]);
    expect(inkjetActions("held")).toEqual(["release"]);
    expect([
      stageOf("printing"),
      stageOf("inkjet_addressing"),
      stageOf("on_hold"),
      stageOf("tabbing"),
    ]).toEqual(["ready", "addressing", "held", undefined]);
  });

  it("groups the rows by stage, the earliest drop first", () => {
    const stages = byStage([
      row("MO-3", "ready", "2026-12-04"),
      row("MO-1", "addressing", null),
      row("MO-2", "ready", "2026-12-01"),
      row("MO-4", "ready", "2026-12-01"),
    ]);
    expect(stages.ready.map((r) => r.mail_order_number)).toEqual(["MO-2", "MO-4", "MO-3"]);
    expect(stages.addressing.map((r) => r.mail_order_number)).toEqual(["MO-1"]);
    expect(stages.held).toEqual([]);
  });
});

describe("status management", () => {
  const lanes = [
    { id: 11, sort_order: 10 },
    { id: 12, sort_order: 20 },
    { id: 13, sort_order: 30 },
    { id: 14, sort_order: 40 },
  ];

  it("writes only the sort orders a move changes", () => {
    // 13 to the front: 13, 11, 12, 14.
    expect(reorderWrites(lanes, 2, 0)).toEqual([
      { id: 13, sort_order: 10 },
      { id: 11, sort_order: 20 },
      { id: 12, sort_order: 30 },
    ]);
    // 11 to the end: 12, 13, 14, 11.
    expect(reorderWrites(lanes, 0, 3)).toEqual([
      { id: 12, sort_order: 10 },
      { id: 13, sort_order: 20 },
      { id: 14, sort_order: 30 },
      { id: 11, sort_order: 40 },
    ]);
    expect(reorderWrites(lanes, 1, 1)).toEqual([]);
    expect(reorderWrites(lanes, 0, 9)).toEqual([]);
  });

  it("numbers a long workflow within the declared bound of 1,000", () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, sort_order: 0 }));
    const writes = reorderWrites(many, 249, 0);
    expect(Math.max(...writes.map((w) => w.sort_order))).toBe(1_000);
    expect(writes[0]).toEqual({ id: 250, sort_order: 4 });
  });

  it("toggles a next status, kept in lane order", () => {
    expect(toggledNext([14, 11], 12, true, lanes)).toEqual([11, 12, 14]);
    expect(toggledNext([11, 12], 11, false, lanes)).toEqual([12]);
    expect(toggledNext(null, 13, true, lanes)).toEqual([13]);
  });

  it("leaves no move out of a cancelled status, and a complete one only to complete statuses", () => {
    const open = { id: 1, category: "open" };
    const done = { id: 2, category: "complete" };
    const closed = { id: 3, category: "complete" };
    const gone = { id: 4, category: "cancelled" };
    expect(cellAllowed(open, done)).toBe(true);
    expect(cellAllowed(open, open)).toBe(false);
    expect(cellAllowed(done, closed)).toBe(true);
    expect(cellAllowed(done, open)).toBe(false);
    expect(cellAllowed(gone, open)).toBe(false);
    expect(emptyNextMeaning("production")).toBe("None ticked: any status may follow");
    expect(emptyNextMeaning("cancelled")).toBe("Final: a cancelled status leads nowhere");
  });
});
