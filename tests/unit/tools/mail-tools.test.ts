import { describe, expect, it } from "vitest";
import { jobBody } from "../../../src/custom/mail/mail-tool-api";
import {
  eddmRetailProblems,
  equalDrops,
  MAIL_TOOLS,
  pieceShape,
  postageLineDescription,
  quoteOf,
  sizeProblem,
} from "../../../src/custom/mail/mail-tools";
import { artworkFileProblem, artworkStepProblem, sidesOf } from "../../../src/custom/mail/tool-artwork";

// The postcard and letter tools' rules as the wizard shows them before the server decides (the server's own
// answers: tests/server/mail-tools.test.ts).

describe("the tools' sizes", () => {
  it.each([
    ["postcard", 3.5, 5, null],
    ["postcard", 4.25, 6, null],
    ["postcard", 4.5, 6, "A postcard is 3.5–4.25 in by 5–6 in: 4.5 × 6 in does not mail as one"],
    ["postcard", 4, 4.9, "A postcard is 3.5–4.25 in by 5–6 in: 4 × 4.9 in does not mail as one"],
    ["letter", 6.125, 11.5, null],
    [
      "letter",
      6.25,
      11,
      "A letter is up to 6.125 in by 11.5 in (at least 3.5 by 5): 6.25 × 11 in does not mail as one",
    ],
    [
      "letter",
      4,
      12,
      "A letter is up to 6.125 in by 11.5 in (at least 3.5 by 5): 4 × 12 in does not mail as one",
    ],
  ] as const)("a %s of %s × %s in", (tool, width, length, expected) => {
    expect(sizeProblem(MAIL_TOOLS[tool], width, length)).toBe(expected);
  });

  // USPS takes only flats at EDDM: over 6.125 in wide or 11.5 in long, at most 12 × 15 in.
  it.each([
    [6.25, 9, null],
    [6.25, 11, null],
    [6, 12, null],
    [12, 15, null],
    [
      4,
      6,
      "EDDM takes only flats: a piece larger than a letter (over 6.125 in wide or 11.5 in long), up to 12 in by 15 in; 4 × 6 in mails to a list",
    ],
    [6.125, 11.5, "6.125 × 11.5 in mails to a list"],
    [12.5, 15, "12.5 × 15 in mails to a list"],
  ] as const)("to EDDM routes, a piece of %s × %s in", (width, length, expected) => {
    const problem = sizeProblem(MAIL_TOOLS.postcard, width, length, "eddm");
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });

  it("mails a piece to EDDM routes as a flat, to a list as the tool's shape", () => {
    expect(pieceShape(MAIL_TOOLS.postcard, "eddm")).toBe("flat");
    expect(pieceShape(MAIL_TOOLS.postcard, "list")).toBe("card");
    expect(pieceShape(MAIL_TOOLS.letter, "list")).toBe("letter");
  });
});

describe("EDDM Retail's 200 to 5,000 pieces a day per ZIP", () => {
  const routes = [
    { zip5: "60612", total_count: 3_000 },
    { zip5: "60612", total_count: 2_400 },
    { zip5: "60607", total_count: 600 },
  ];
  it("names the ZIP, the count and the day over the limit", () => {
    expect(eddmRetailProblems(routes, [{ date: "2026-12-07", pieces: 6_000 }])).toEqual([
      "EDDM Retail mails 200 to 5,000 pieces a day per ZIP: ZIP 60612 would get 5,400 on 2026-12-07",
    ]);
  });
  it("takes the same routes in two drops on two days", () => {
    expect(
      eddmRetailProblems(routes, [
        { date: "2026-12-07", pieces: 3_000 },
        { date: "2026-12-14", pieces: 3_000 },
      ]),
    ).toEqual([]);
  });
  it("counts two drops on one day together, and a ZIP under 200", () => {
    expect(
      eddmRetailProblems(routes, [
        { date: "2026-12-07", pieces: 1_000 },
        { date: "2026-12-07", pieces: 1_000 },
        { date: "2026-12-14", pieces: 1_500 },
      ]),
    ).toEqual(["EDDM Retail mails 200 to 5,000 pieces a day per ZIP: ZIP 60607 would get 150 on 2026-12-14"]);
  });
});

describe("a job's price", () => {
  const tiers = [
    { quantity: 1_000, price: 120 },
    { quantity: 5_000, price: 400 },
  ];
  it("prints at the tier's rate and adds postage", () => {
    // 2,500 × ($120 / 1,000) = $300; postage 2,500 × $0.31 = $775.
    expect(quoteOf(tiers, 2_500, 0.31)).toEqual({
      pieces: 2_500,
      print: 300,
      rate: 0.31,
      postage: 775,
      total: 1_075,
    });
    expect(quoteOf(tiers, 5_000, 0.247)).toEqual({
      pieces: 5_000,
      print: 400,
      rate: 0.247,
      postage: 1_235,
      total: 1_635,
    });
  });
  it("cannot price a product without tiers", () => {
    expect(quoteOf([], 100, 0.3)).toBeNull();
  });
  it("names the postage line's pieces, rate, class and shape", () => {
    expect(postageLineDescription(12_500, 0.31, "marketing", "card")).toBe(
      "Postage: 12,500 pieces × $0.310, Marketing Mail card",
    );
    expect(postageLineDescription(1, 0.247, "eddm_retail", "letter")).toBe(
      "Postage: 1 piece × $0.247, EDDM Retail letter",
    );
  });
  it("splits pieces into equal drops", () => {
    expect(equalDrops(1_001, 2)).toEqual([501, 500]);
    expect(equalDrops(900, 3)).toEqual([300, 300, 300]);
  });
});

describe("the job as the server takes it", () => {
  it("sends the lists or the routes, never both, and no empty drops", () => {
    expect(
      jobBody({
        tool: "postcard",
        source: "eddm",
        list_ids: [3],
        route_ids: [7],
        drop_dates: [],
        template_id: null,
      }),
    ).toEqual({ tool: "postcard", source: "eddm", list_ids: [], route_ids: [7] });
    expect(jobBody({ tool: "letter", source: "list", list_ids: [3], route_ids: [7] })).toEqual({
      tool: "letter",
      source: "list",
      list_ids: [3],
      route_ids: [],
    });
  });
});

describe("the artwork step", () => {
  const front = {
    id: 1,
    side: "front" as const,
    name: "front.pdf",
    content_type: "application/pdf",
    size: 10,
  };
  const back = { ...front, id: 2, side: "back" as const, name: "back.png" };
  it.each([
    ["a template", "template", [], undefined],
    ["uploaded artwork with its front", "upload", [front], undefined],
    [
      "uploaded artwork with a back only",
      "upload",
      [back],
      "Upload the front artwork, or choose a template instead",
    ],
    ["uploaded artwork with nothing", "upload", [], "Upload the front artwork, or choose a template instead"],
  ] as const)("goes on with %s, or says why not", (_, source, files, problem) => {
    expect(artworkStepProblem(source, [...files])).toBe(problem);
  });

  it.each([
    ["front.pdf", "application/pdf", undefined],
    ["FRONT.JPG", "", undefined],
    ["back.png", "image/png", undefined],
    ["front.tif", "image/tiff", "front.tif is not printable artwork: send a PDF, PNG or JPEG"],
    ["notes.txt", "text/plain", "notes.txt is not printable artwork: send a PDF, PNG or JPEG"],
  ])("takes %s (%s) as artwork, or says why not", (name, type, problem) => {
    expect(artworkFileProblem({ name, type })).toBe(problem);
  });

  it("prints a postcard's front and back, a letter's front", () => {
    expect(sidesOf(MAIL_TOOLS.postcard)).toEqual(["front", "back"]);
    expect(sidesOf(MAIL_TOOLS.letter)).toEqual(["front"]);
  });

  it("sends the template only when the artwork is a template, and never the source", () => {
    const job = { tool: "postcard" as const, template_id: 4, list_ids: [3] };
    expect(jobBody({ ...job, artwork_source: "template" })).toMatchObject({ template_id: 4 });
    expect(jobBody({ ...job, artwork_source: "template" })).not.toHaveProperty("artwork_source");
    expect(jobBody({ ...job, artwork_source: "upload" })).not.toHaveProperty("template_id");
  });
});
