import { describe, expect, it } from "vitest";
import {
  type ActionContext,
  actionAvailable,
  type BoardCard,
  type BoardStatus,
  dueTone,
  formatCount,
  formatDue,
  formatMinutes,
  scannedCard,
  sortCards,
} from "../../../src/custom/production/board-logic";
import { BOARDS, boardOfSlug, boardOfType, boardPath } from "../../../src/custom/production/boards";
import { nextStation, type StationInfo } from "../../../src/custom/production/station-moves";

// The station board's logic: due colouring, card order, which actions a card offers (the same
// move rule as the server), where a run goes next, and what a scanner's digits pick.

const s = (id: number, code: string, category: string, next: number[]): BoardStatus => ({
  id,
  code,
  name: code,
  category,
  color: null,
  next,
});
// plated(1) → printing(2) → paused(3) / held(4) / printed(7); held → printing, paused; paused →
// printing, cutting, held; printed → cutting(8) → cut(9); closed(5) is final.
const STATUSES = [
  s(6, "filling", "open", [4]),
  s(1, "plated", "production", [2, 4]),
  s(2, "printing", "production", [3, 4, 7]),
  s(3, "paused", "production", [2, 8, 4]),
  s(7, "printed", "production", [8, 4]),
  s(8, "cutting", "production", [9, 3, 4]),
  s(9, "cut", "production", [4]),
  s(5, "closed", "complete", []),
  s(4, "held", "open", [2, 3]),
];
const PRESS = boardOfType("press");
const CUTTING = boardOfType("cutting");
if (!PRESS || !CUTTING) throw new Error("no press or cutting board");

const card = (over: Partial<BoardCard> = {}): BoardCard => ({
  id: 1,
  run_number: "R-40001",
  version: 1,
  status_id: 1,
  station_id: 1,
  station: "Offset press 1",
  facility_id: null,
  due_at: null,
  rush: false,
  customer: null,
  customers: 0,
  product: null,
  products: 0,
  order_number: "W-100200",
  quantity: 500,
  items: 1,
  stock: null,
  colours: null,
  coating: null,
  sheets: null,
  status_since: "2026-11-25T08:00:00.000Z",
  planned_minutes: null,
  notes: null,
  operator_id: null,
  holder: null,
  proof_url: null,
  next_station: "Cutting",
  ...over,
});

const ctx = (over: Partial<ActionContext> = {}): ActionContext => ({
  board: PRESS,
  statuses: STATUSES,
  stations: [{ id: 1, name: "Offset press 1", facility_id: null, facility: null, output_code: "printed" }],
  userId: 7,
  tasks: true,
  endStatus: true,
  ...over,
});

const offered = (c: BoardCard, x: ActionContext) =>
  (["claim", "start", "pause", "complete", "hold", "release", "move"] as const).filter((a) =>
    actionAvailable(a, c, x),
  );

describe("due colouring", () => {
  const now = new Date(2026, 10, 25, 10, 0); // local 25 Nov 10:00
  it("is late before now, due today until the day's end, later after", () => {
    expect(dueTone(new Date(2026, 10, 25, 9, 59).toISOString(), now)).toBe("late");
    expect(dueTone(new Date(2026, 10, 25, 23, 30).toISOString(), now)).toBe("today");
    expect(dueTone(new Date(2026, 10, 26, 0, 1).toISOString(), now)).toBe("later");
    expect(dueTone(null, now)).toBe("none");
  });
});

describe("card order", () => {
  it("puts rush first, then the earliest due, undated last", () => {
    const cards = [
      card({ run_number: "R-3", due_at: "2026-11-27T10:00:00.000Z" }),
      card({ run_number: "R-1", due_at: null }),
      card({ run_number: "R-2", due_at: "2026-11-26T10:00:00.000Z" }),
      card({ run_number: "R-9", due_at: "2026-11-30T10:00:00.000Z", rush: true }),
    ];
    expect(sortCards(cards).map((c) => c.run_number)).toEqual(["R-9", "R-2", "R-3", "R-1"]);
  });

  it("orders cards due together by run number, and leaves the answer's list as it was", () => {
    const due = "2026-11-27T10:00:00.000Z";
    const cards = [
      card({ run_number: "R-20", due_at: due }),
      card({ run_number: "R-100", due_at: due }),
      card({ run_number: "R-3", due_at: null }),
      card({ run_number: "R-1", due_at: null }),
    ];
    expect(sortCards(cards).map((c) => c.run_number)).toEqual(["R-100", "R-20", "R-1", "R-3"]);
    expect(cards.map((c) => c.run_number)).toEqual(["R-20", "R-100", "R-3", "R-1"]);
  });

  it("writes the due time as the browser's short date and time, and counts with thousands", () => {
    const due = "2026-11-27T15:30:00.000Z";
    expect(formatDue(due)).toBe(
      new Date(due).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" }),
    );
    expect(formatCount(12500)).toBe("12,500");
    expect(formatCount(7)).toBe("7");
  });
});

describe("action availability", () => {
  it("offers claim, start and hold on an unclaimed plated run", () => {
    expect(offered(card(), ctx())).toEqual(["claim", "start", "hold"]);
  });
  it("offers pause, complete and hold on the user's printing run, no claim", () => {
    expect(offered(card({ status_id: 2, operator_id: 7 }), ctx())).toEqual(["pause", "complete", "hold"]);
  });
  it("keeps another operator's run to them (hold stays)", () => {
    expect(offered(card({ status_id: 2, operator_id: 8 }), ctx())).toEqual(["hold"]);
  });
  it("offers release only on a held run, and nothing else there but a claim", () => {
    expect(offered(card({ status_id: 4 }), ctx())).toEqual(["claim", "release"]);
  });
  it("offers nothing on a closed run; nothing without Tasks; no complete without UpdateEndStatus", () => {
    expect(offered(card({ status_id: 5 }), ctx())).toEqual([]);
    expect(offered(card({ status_id: 2, operator_id: 7 }), ctx({ tasks: false }))).toEqual([]);
    expect(offered(card({ status_id: 2, operator_id: 7 }), ctx({ endStatus: false }))).toEqual([
      "pause",
      "hold",
    ]);
  });
  it("refuses what next_status_ids refuse: filling cannot start", () => {
    expect(offered(card({ status_id: 6 }), ctx())).toEqual(["claim", "hold"]);
  });
  it("starts a cutting board's printed run into cutting, completes it to cut, sends a printed one on", () => {
    const cutting = ctx({
      board: CUTTING,
      stations: [{ id: 1, name: "Cutting", facility_id: null, facility: null, output_code: "cut" }],
    });
    expect(offered(card({ status_id: 7, operator_id: 7 }), cutting)).toEqual(["start", "hold", "move"]);
    expect(offered(card({ status_id: 8, operator_id: 7 }), cutting)).toEqual(["pause", "complete", "hold"]);
    // Paused at the cutter, it starts into cutting again; nothing to send on while under way.
    expect(offered(card({ status_id: 3, operator_id: 7 }), cutting)).toEqual(["start", "hold"]);
    expect(offered(card({ status_id: 7, operator_id: 7, next_station: null }), cutting)).toEqual([
      "start",
      "hold",
    ]);
  });
});

describe("next station", () => {
  const st = (id: number, name: string, type: string, input: number | null, output: number | null) =>
    ({
      id,
      name,
      station_type: type,
      active: true,
      input_status_id: input,
      output_status_id: output,
      output_code: null,
    }) satisfies StationInfo;
  // Item statuses: 20 batched, 21 printed, 22 coated, 23 cut.
  const STATIONS = [
    st(1, "Offset press 1", "press", 20, 21),
    st(2, "UV coating", "coating", 21, 22),
    st(3, "Cutting", "cutting", 22, 23),
    st(4, "Spot UV", "specialty_press", 21, 22),
    st(5, "Folding", "bindery", 23, null),
  ];
  it("follows the items' routes, the most common answer first", () => {
    expect(nextStation(1, [[1, 2, 3]], STATIONS, "uv")?.name).toBe("UV coating");
    expect(
      nextStation(
        1,
        [
          [1, 2, 3],
          [1, 5],
          [1, 5],
        ],
        STATIONS,
        "uv",
      )?.name,
    ).toBe("Folding");
  });
  it("skips a coater for a run without coating", () => {
    expect(nextStation(1, [[1, 2, 3]], STATIONS, "none")?.name).toBe("Cutting");
  });
  it("falls back on the station's output status where no route names it, and ends where nothing follows", () => {
    expect(nextStation(4, [[1, 2, 3]], STATIONS, "uv")?.name).toBe("Cutting");
    expect(nextStation(5, [[1, 5]], STATIONS, "uv")).toBeNull();
  });
});

describe("scanner", () => {
  const cards = [
    card({ id: 1, run_number: "R-40001" }),
    card({ id: 2, run_number: "R-40002", order_number: "W-777" }),
  ];
  it("finds a run by its number's digits, else by an order number", () => {
    expect(scannedCard(cards, "40002")?.id).toBe(2);
    expect(scannedCard(cards, "777")?.id).toBe(2);
    expect(scannedCard(cards, "12")).toBeUndefined();
    expect(scannedCard(cards, "")).toBeUndefined();
  });
});

describe("declarations", () => {
  it("declares the seven dashboards and two prepress queues of spec §2, each with its guard", () => {
    expect(BOARDS.map(boardPath)).toEqual([
      "/production/press-dashboard",
      "/production/specialty-press-dashboard",
      "/production/letter-press-dashboard",
      "/production/cutting-dashboard",
      "/production/coating-dashboard",
      "/production/large-format-dashboard",
      "/production/bindery-dashboard",
      "/prepress/digital-production",
      "/prepress/digital-cutting",
    ]);
    expect(boardOfSlug("production", "bindery-dashboard")?.guard).toEqual({
      kind: "ProductionStation",
      action: "ReadBindery",
    });
    expect(boardOfSlug("prepress", "digital-cutting")?.guard).toEqual({ kind: "Order", action: "ReadAny" });
    expect(formatMinutes(65)).toBe("1 h 05 min");
  });
});
