// The run print-outs render the run's and every item's number (text and Code 128), one ticket per item, the
// numbered slots and the cut plan; the print model is built from the records as the API returns them.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { JobJacket, productionSteps } from "../../../src/custom/production/print/job-jacket-page";
import { buildPrintRun, type PrintRun } from "../../../src/custom/production/print/run-print-data";
import { RunSpread } from "../../../src/custom/production/print/run-spread-page";

const runRecord = {
  id: 7,
  run_number: "R-40123",
  run_type: "gang",
  stock_id: 3,
  equipment_id: 4,
  sheet_width: "12",
  sheet_height: "18",
  color_spec: "4/4",
  coating: "uv",
  sheets: 500,
  overs: 165,
  plates: 8,
  due_at: "2026-11-27T17:00:00.000Z",
  notes: "Pull colour to the approved proof",
  items: [
    { order_id: 11, order_item_id: 902, slot: 2, number_up: 2, quantity_required: 1000, due_at: null },
    { order_id: 10, order_item_id: 901, slot: 1, number_up: 5, quantity_required: 2500, due_at: null },
  ],
};
const related = {
  orders: [
    {
      id: 10,
      order_number: "ORD-100010",
      customer_id: 21,
      wanted_by: "2026-11-28",
      ship_method: "two_day",
      items: [
        {
          id: 901,
          product_id: 31,
          description: "Cards",
          quantity: 2500,
          options: { paper: "16pt" },
          proof_version: 2,
        },
      ],
    },
    {
      id: 11,
      order_number: "ORD-100011",
      customer_id: 22,
      wanted_by: "2026-11-29",
      ship_method: "pickup",
      items: [
        { id: 902, product_id: 32, description: "Postcards", quantity: 1000, options: {}, proof_version: 1 },
      ],
    },
  ],
  products: [
    {
      id: 31,
      name: "Business card",
      finished_width: "3.5",
      finished_height: "2",
      bleed: "0.125",
      production_route: [52, 51],
    },
    {
      id: 32,
      name: "Postcard 4×6",
      finished_width: "6",
      finished_height: "4",
      flat_width: "6",
      flat_height: "4",
    },
  ],
  customers: [
    { id: 21, name: "Ada Park", company: "Park Bakery" },
    { id: 22, name: "Lee Wong", company: null },
  ],
  attributes: [{ code: "paper", name: "Paper", values: [{ code: "16pt", label: "16 pt gloss cover" }] }],
  stations: [
    { id: 51, name: "Cutting" },
    { id: 52, name: "Offset press 1" },
  ],
  stock: { id: 3, name: "100# Gloss Cover 12×18" },
  press: { id: 4, name: "Heidelberg SM 52" },
};

describe("buildPrintRun", () => {
  it("joins each item to its order, customer and product, slots in order, options by name", () => {
    const run = buildPrintRun(runRecord, related);
    expect(run.runNumber).toBe("R-40123");
    expect(run.sheetWidth).toBe(12);
    expect(run.press).toBe("Heidelberg SM 52");
    expect(run.items.map((i) => [i.slot, i.itemId, i.orderNumber, i.customer, i.product])).toEqual([
      [1, 901, "ORD-100010", "Park Bakery", "Business card"],
      [2, 902, "ORD-100011", "Lee Wong", "Postcard 4×6"],
    ]);
    // No flat size declared: the finished size is printed flat.
    expect(run.items[0].flat).toEqual([3.5, 2]);
    expect(run.items[0].options).toEqual([{ name: "Paper", value: "16 pt gloss cover" }]);
    expect(run.items[0].dueAt).toBe("2026-11-28");
    expect(run.items[1].bleed).toBe(0.125);
    // The product's route, stations in its order; none declared for the postcard.
    expect(run.items[0].route).toEqual(["Offset press 1", "Cutting"]);
    expect(run.items[1].route).toEqual([]);
  });
});

const model: PrintRun = buildPrintRun(runRecord, related);

describe("job jacket", () => {
  it("shows the run cover and one ticket per item, each with its number and barcode", () => {
    const { container } = render(<JobJacket run={model} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Job jacket · Run R-40123");
    expect(
      screen.getByRole("img", { name: "Run R-40123 barcode" }).querySelectorAll("rect").length,
    ).toBeGreaterThan(10);
    const tickets = container.querySelectorAll("section.ticket");
    expect(tickets).toHaveLength(2);
    const first = within(tickets[0] as HTMLElement);
    expect(first.getByRole("heading", { level: 2 })).toHaveTextContent("Item 901");
    expect(first.getByRole("img", { name: "Item 901 barcode" })).toBeInTheDocument();
    expect(first.getByText("ORD-100010", { selector: "dd" })).toBeInTheDocument();
    expect(first.getByText("16 pt gloss cover")).toBeInTheDocument();
    expect(first.getByText("v2")).toBeInTheDocument();
    // Item 901's steps: preflight, proof, then its product's route.
    expect(first.getAllByRole("checkbox").map((c) => c.getAttribute("aria-label"))).toEqual([
      "Preflight checked, item 901",
      "Proof approved, item 901",
      "Offset press 1, item 901",
      "Cutting, item 901",
    ]);
    // Item 902's product declares no route: the run's usual steps, coating included (a UV run).
    const second = within(tickets[1] as HTMLElement);
    expect(second.getAllByRole("checkbox")).toHaveLength(10);
    expect(second.getByText("Coated (UV)")).toBeInTheDocument();
    expect(within(tickets[1] as HTMLElement).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Item 902",
    );
    expect(screen.getByText("Sheets with overs").nextSibling).toHaveTextContent("665");
  });

  it("lists the coating step only for a coated run", () => {
    expect(productionSteps({ coating: "uv", runType: "gang" })).toContain("Coated (UV)");
    expect(productionSteps({ coating: "none", runType: "digital_batch" })).not.toContain("Coated (None)");
    expect(productionSteps({ coating: "none", runType: "digital_batch" })).toContain("Sent to RIP");
    expect(productionSteps({ coating: "uv", runType: "gang" }, ["Press", "Cutting", "Press"])).toEqual([
      "Preflight checked",
      "Proof approved",
      "Press",
      "Cutting",
      "Press (again)",
    ]);
  });
});

describe("run spread", () => {
  it("draws the sheet with every slot's pieces numbered, a legend row per item and the cut plan", () => {
    render(<RunSpread run={model} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Run spread · Run R-40123");
    const sheet = screen.getByRole("img", { name: 'Press sheet 18" × 12" with 7 pieces' });
    const numbers = [...sheet.querySelectorAll("g.slot-piece > text")].map((t) => t.textContent);
    expect(numbers.filter((n) => n === "1")).toHaveLength(5);
    expect(numbers.filter((n) => n === "2")).toHaveLength(2);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1].textContent)).toEqual(["901", "902"]);
    expect(screen.getByRole("list", { name: "Cut plan" })).toHaveTextContent('1 at 5/8"');
    expect(screen.getByRole("heading", { name: "Cut plan (19 cuts)" })).toBeInTheDocument();
  });
});
