// The generic form's workflow fields offer only what the server's rules allow (issue 16, class 7):
// a status reference asks its look-up for the statuses allowed from the stored one (from=<id>) or
// for a new record (from=new), and the shared rule (status-moves.ts) says which those are;
// an enum with transitions offers its moves on edit and its starts on create.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { offeredValues } from "../../../src/pages/resource/form-control";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { defineResource } from "../../../src/resource-engine/define";
import { choice, reference, text } from "../../../src/resource-engine/fields";
import {
  enumAllowedFrom,
  enumStartValues,
  type StatusNode,
  startStatuses,
  statusesAllowedFrom,
} from "../../../src/resource-engine/status-moves";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

// An order workflow: Received (open) → Printing (production) → Shipped (complete) → Invoiced
// (complete); Draft (open) with no list; Cancelled leads nowhere though its list names Received.
const RECEIVED: StatusNode = { id: 1, category: "open", next: [2, 5] };
const PRINTING: StatusNode = { id: 2, category: "production", next: [3] };
const SHIPPED: StatusNode = { id: 3, category: "complete", next: [4, 2] };
const INVOICED: StatusNode = { id: 4, category: "complete", next: [] };
const CANCELLED: StatusNode = { id: 5, category: "cancelled", next: [1] };
const DRAFT: StatusNode = { id: 6, category: "open", next: [] };
const ALL = [RECEIVED, PRINTING, SHIPPED, INVOICED, CANCELLED, DRAFT];

describe("the statuses a record may take (shared with the server's look-up)", () => {
  it("follows the next statuses, the current one first", () => {
    expect(statusesAllowedFrom(RECEIVED, ALL)).toEqual([1, 2, 5]);
    expect(statusesAllowedFrom(PRINTING, ALL)).toEqual([2, 3]);
  });

  it("an empty list on an open or production status allows any move", () => {
    expect(statusesAllowedFrom(DRAFT, ALL)).toEqual([6, 1, 2, 3, 4, 5]);
  });

  it("a complete status moves only on to the complete statuses it lists; none leads nowhere", () => {
    expect(statusesAllowedFrom(SHIPPED, ALL)).toEqual([3, 4]);
    expect(statusesAllowedFrom(INVOICED, ALL)).toEqual([4]);
  });

  it("a cancelled status is final, whatever its list says", () => {
    expect(statusesAllowedFrom(CANCELLED, ALL)).toEqual([5]);
  });

  it("a new record starts in an open status; without categories, in any", () => {
    expect(startStatuses(ALL)).toEqual([1, 6]);
    expect(
      startStatuses([
        { id: 8, next: [] },
        { id: 9, next: [8] },
      ]),
    ).toEqual([8, 9]);
  });

  it("an enum moves along its transitions and starts at its default or where no move leads", () => {
    const state = choice(["draft", "sent", "received", "closed", "cancelled"], {
      default: "draft",
      transitions: { draft: ["sent", "cancelled"], sent: ["received", "cancelled"], received: ["closed"] },
    });
    const values = (list: { value: string }[]) => list.map((v) => v.value);
    expect(values(enumAllowedFrom(state, "sent"))).toEqual(["sent", "received", "cancelled"]);
    expect(values(enumAllowedFrom(state, "closed"))).toEqual(["closed"]);
    expect(values(enumStartValues(state))).toEqual(["draft"]);
    // A workflow that goes round (every value reached) starts at its default.
    const loop = choice(["a", "b"], { default: "b", transitions: { a: ["b"], b: ["a"] } });
    expect(values(enumStartValues(loop))).toEqual(["b"]);
    // Declared starts win, with or without transitions; an edit of such a field keeps any value.
    const declared = choice(["new", "done"], { initial: ["new"] });
    expect(values(offeredValues(declared, false, undefined))).toEqual(["new"]);
    expect(values(offeredValues(declared, true, "done"))).toEqual(["new", "done"]);
  });
});

const runs = defineResource({
  kind: "Run",
  fields: {
    name: text(),
    status_id: reference("Status", { statusOf: "run" }),
  },
});
const statuses = [
  { id: 1, name: "Planned", entity: "run" },
  { id: 2, name: "On press", entity: "run" },
];

/** The look-up calls for the status select, with their filters. */
function statusLookups(dataProvider: ReturnType<typeof fakeDataProvider>) {
  return vi
    .mocked(dataProvider.getList)
    .mock.calls.map(([params]) => params)
    .filter((p) => p.resource === "Status" && p.meta?.path === `${runs.path}/lookups/status_id`);
}

function renderForm(props: { action: "create" | "edit"; id?: string }, dataProvider = fakeDataProvider()) {
  renderWithProviders(<RecordForm resource={runs} onSaved={() => {}} onCancel={() => {}} {...props} />, {
    path: "/",
    dataProvider,
  });
  return dataProvider;
}

describe("a status select in the generic form", () => {
  it("on edit asks for the statuses allowed from the stored one", async () => {
    const dataProvider = renderForm(
      { action: "edit", id: "4" },
      fakeDataProvider({ Status: statuses, Run: [{ id: 4, name: "R-4", status_id: 2, version: 1 }] }),
    );
    await screen.findByText("On press", undefined, slow);
    fireEvent.mouseDown(screen.getByLabelText("Status"));
    await waitFor(() => expect(statusLookups(dataProvider).length).toBeGreaterThan(0), slow);
    expect(statusLookups(dataProvider).at(-1)?.filters).toEqual([
      { field: "from", operator: "eq", value: 2 },
    ]);
  });

  it("on create asks for the statuses a new record may start in", async () => {
    const dataProvider = renderForm({ action: "create" }, fakeDataProvider({ Status: statuses }));
    fireEvent.mouseDown(await screen.findByLabelText("Status", undefined, slow));
    await waitFor(() => expect(statusLookups(dataProvider).length).toBeGreaterThan(0), slow);
    expect(statusLookups(dataProvider).at(-1)?.filters).toEqual([
      { field: "from", operator: "eq", value: "new" },
    ]);
  });
});
