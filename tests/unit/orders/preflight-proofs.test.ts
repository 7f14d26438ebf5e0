import { describe, expect, it } from "vitest";
import { dueAfterApproval } from "../../../server/orders/proof-due";
import { drawnObjects, type Matrix, placedSize } from "../../../server/preflight/content-scan";
import { bleedCheck, resolutionCheck, trimCheck, worst } from "../../../server/preflight/verdicts";
import type { OrderFile } from "../../../src/custom/orders/file-list";
import { checkingEvery, preflightState, preflightSummary } from "../../../src/custom/orders/preflight-view";
import { awaitingAnswer, type ProofRow, proofFiles } from "../../../src/custom/orders/proofs-panel";

// Preflight's pure parts: the trim and bleed verdicts from boxes in points, the resolution verdict,
// the overall result, the content-stream walk that places images, and how the page reads a file's state.

const card = { width: 3.5, height: 2, bleed: 0.125 };
const pt = (inches: number) => inches * 72;

describe("trim and bleed", () => {
  const cases: [string, Parameters<typeof trimCheck>[0], string, string][] = [
    ["page at finished size", { media: [0, 0, pt(3.5), pt(2)] }, "pass", "fail"],
    ["page of size plus bleed, no boxes", { media: [0, 0, pt(3.75), pt(2.25)] }, "pass", "pass"],
    [
      "trim box inside a page with bleed, bleed box equal to the trim",
      {
        media: [0, 0, pt(3.75), pt(2.25)],
        trim: [pt(0.125), pt(0.125), pt(3.625), pt(2.125)],
        bleed: [pt(0.125), pt(0.125), pt(3.625), pt(2.125)],
      },
      "pass",
      "fail",
    ],
    [
      "bleed on three sides only",
      { media: [0, 0, pt(3.625), pt(2.25)], trim: [pt(0.125), pt(0.125), pt(3.625), pt(2.125)] },
      "pass",
      "fail",
    ],
    ["a page turned on its side", { media: [0, 0, pt(2.25), pt(3.75)] }, "pass", "pass"],
    ["the wrong size", { media: [0, 0, pt(4), pt(6)] }, "fail", "fail"],
  ];
  it.each(cases)("%s", (_name, page, trim, bleed) => {
    expect(trimCheck(page, card).result).toBe(trim);
    expect(bleedCheck(page, card).result).toBe(bleed);
  });

  it("names the short sides", () => {
    const page = {
      media: [0, 0, pt(3.625), pt(2.25)] as [number, number, number, number],
      trim: [pt(0.125), pt(0.125), pt(3.625), pt(2.125)] as [number, number, number, number],
    };
    expect(bleedCheck(page, card).message).toBe(
      "The bleed is only 0 in on the right; 0.125 in is needed on each side (a page of 3.75 × 2.25 in).",
    );
  });
});

describe("resolution and the overall result", () => {
  it.each([
    [[], "pass"],
    [[{ ppi: 300 }, { ppi: 600 }], "pass"],
    [[{ ppi: 299 }], "pass"],
    [[{ ppi: 298 }], "warn"],
    [[{ ppi: 150 }], "warn"],
    [[{ ppi: 149 }, { ppi: 400 }], "fail"],
  ] as const)("images at %j dpi: %s", (images, result) => {
    expect(resolutionCheck([...images]).result).toBe(result);
  });
  it("takes the worst result", () => {
    expect(worst([])).toBe("pass");
    expect(worst(["pass", "warn", "pass"])).toBe("warn");
    expect(worst(["warn", "fail", "pass"])).toBe("fail");
  });
});

describe("the content-stream walk", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  const start: Matrix = [1, 0, 0, 1, 0, 0];
  it("places each Do under the CTM of its q/cm/Q nesting, skipping strings and inline images", () => {
    const stream = [
      "q 252 0 0 144 10 10 cm /Im0 Do Q",
      "(a string with ) Do and /Names inside \\) ) Tj",
      "q 2 0 0 2 0 0 cm q 36 0 0 72 0 0 cm /Im1 Do Q",
      "BI /W 2 /H 2 /BPC 8 /CS /G ID \x01 Q /Im9 Do\x02 EI",
      "/Fm0 Do Q /Im2 Do % a comment /Im3 Do",
    ].join("\n");
    const found = drawnObjects(bytes(stream), start);
    expect(found.map((f) => [f.name, placedSize(f.ctm)])).toEqual([
      ["Im0", [252, 144]],
      ["Im1", [72, 144]],
      ["Fm0", [2, 2]],
      ["Im2", [1, 1]],
    ]);
  });
});

describe("a file's preflight state on the page", () => {
  const check = { check: "bleed", result: "fail" as const, message: "No bleed." };
  it("reads checking, not checked and the result, and polls only while checking", () => {
    expect(preflightState({ preflight_result: null, preflight: [] })).toBe("checking");
    expect(preflightState({ preflight_result: null, preflight: null })).toBe("none");
    expect(preflightState({ preflight_result: "fail", preflight: [check] })).toBe("fail");
    expect(checkingEvery([{ preflight_result: null, preflight: [] }])).toBe(2000);
    expect(checkingEvery([{ preflight_result: "fail", preflight: [check] }])).toBe(false);
    expect(
      preflightSummary([check, { check: "fonts", result: "pass", message: "All fonts embedded." }]),
    ).toBe("No bleed.");
  });
});

describe("the due date from a proof's approval", () => {
  // Wednesday 2026-03-04 in New York (UTC-5): 10 am is 15:00Z, 3 pm is 20:00Z.
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["standard, 10 am, products of 2 days", "2026-03-04T15:00:00Z", "standard", [2], "2026-03-09"],
    ["standard, 10 am, a product of 5 days", "2026-03-04T15:00:00Z", "standard", [2, 5], "2026-03-11"],
    ["standard, 3 pm: counts from Thursday", "2026-03-04T20:00:00Z", "standard", [], "2026-03-10"],
    ["rush, 10 am", "2026-03-04T15:00:00Z", "rush", [5], "2026-03-06"],
    ["next day, Friday 10 am: Monday", "2026-03-06T15:00:00Z", "next_day", [5], "2026-03-09"],
  ])("%s", (_name, when, turnaround, days, due) => {
    expect(dueAfterApproval(at(when), "America/New_York", turnaround, days)).toBe(due);
  });
});

describe("the proofs panel's choices", () => {
  const file = (id: number, kind: string, item: number | null) =>
    ({ id, kind, order_item_id: item }) as unknown as OrderFile;
  it("offers artwork, print-ready and proof files of the item or of none", () => {
    const files = [
      file(1, "artwork", 7),
      file(2, "other", 7),
      file(3, "proof", null),
      file(4, "print_ready", 8),
    ];
    expect(proofFiles(files, 7).map((f) => f.id)).toEqual([1, 3]);
    expect(proofFiles(files, 8).map((f) => f.id)).toEqual([3, 4]);
  });
  it("waits for an answer only on each item's latest undecided proof", () => {
    const proof = (id: number, item: number, no: number, decision: "approved" | "rejected" | null) =>
      ({ id, order_item_id: item, proof_no: no, decision }) as ProofRow;
    const proofs = [
      proof(1, 7, 1, null),
      proof(2, 7, 2, null),
      proof(3, 8, 1, "approved"),
      proof(4, 9, 1, "rejected"),
    ];
    expect([...awaitingAnswer(proofs)]).toEqual([2]);
  });
});
