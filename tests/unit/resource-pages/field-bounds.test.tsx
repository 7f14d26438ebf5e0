// Bounds in the generic form (field-bounds.ts): a kind with `bounded` fields asks the server's
// POST {path}/bounds with the form's values; the answer's message shows under the field (or a
// child row's cell, "drops.0.quantity"), and a value above the bound is refused before the save.
// A kind without bounded fields never asks.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { boundedField, boundsValues, hasBoundedFields } from "../../../src/pages/resource/field-bounds";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { defineResource } from "../../../src/resource-engine/define";
import { choice, integer, money, text } from "../../../src/resource-engine/fields";
import { enumStartValues } from "../../../src/resource-engine/status-moves";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const payments = defineResource({
  kind: "UserPayment",
  pages: "routes",
  fields: {
    order_id: integer({ label: "Order", default: 5 }),
    amount: money({ required: true, bounded: true }),
    note: text({ bounded: true }),
  },
  children: {
    drops: {
      fields: { quantity: integer({ required: true, min: 1, bounded: true }) },
      min: 1,
    },
  },
});

const notes = defineResource({ kind: "Site", fields: { name: text({ required: true }) } });

type Ask = { url: string; method: string; payload?: { values: Record<string, unknown>; id: unknown } };

function renderCreate() {
  const custom = vi.fn(async ({ url, payload }: Ask) => {
    if (url !== "user-payments/bounds") return { data: {} as never };
    // The order chosen decides; the first drop's pieces are bounded too.
    const data =
      payload?.values.order_id === 5
        ? {
            amount: { max: 70, message: "At most $70.00: what is due on order ORD-5" },
            "drops.0.quantity": { max: 10, message: "At most 10 pieces are left" },
          }
        : { amount: { max: 20, message: "At most $20.00: what is due on order ORD-6" } };
    return { data: data as never };
  });
  const create = vi.fn(async ({ variables }) => ({ data: { id: 1, ...(variables as object) } as never }));
  const dataProvider = fakeDataProvider({}, { custom: custom as never, create });
  renderWithProviders(
    <RecordForm resource={payments} action="create" onSaved={() => {}} onCancel={() => {}} />,
    { path: "/user-payments/create", dataProvider },
  );
  return { custom, create };
}

describe("declared starts", () => {
  it("a new payment is offered the statuses it may be created with", () => {
    const status = choice(["authorized", "captured", "declined", "voided", "refunded"], {
      default: "authorized",
      transitions: { authorized: ["captured", "declined", "voided"], captured: ["voided"] },
      initial: ["authorized", "captured", "declined"],
    });
    expect(enumStartValues(status).map((v) => v.value)).toEqual(["authorized", "captured", "declined"]);
  });
});

describe("field bounds", () => {
  it("knows which kinds have bounded fields and narrows a field to its bound", () => {
    expect(hasBoundedFields(payments)).toBe(true);
    expect(hasBoundedFields(notes)).toBe(false);
    const amount = payments.fields.amount;
    expect(boundedField(amount, { max: 70, message: "x" })).toMatchObject({ max: 70 });
    // Never wider than the declaration.
    expect(boundedField(integer({ max: 5 }), { max: 70, message: "x" })).toMatchObject({ max: 5 });
    expect(boundedField(amount, undefined)).toBe(amount);
    expect(boundsValues({ a: undefined, b: 1, d: new Date("2026-03-02T00:00:00.000Z") })).toEqual({
      b: 1,
      d: "2026-03-02T00:00:00.000Z",
    });
  });

  it("asks the server, shows the rule under the field and the row, and refuses more", async () => {
    const { custom, create } = renderCreate();
    expect(
      await screen.findByText("At most $70.00: what is due on order ORD-5", undefined, slow),
    ).toBeInTheDocument();
    expect(screen.getByText("At most 10 pieces are left")).toBeInTheDocument();
    const asks = custom.mock.calls.map(([a]) => a).filter((a) => a.url === "user-payments/bounds");
    expect(asks[0]).toMatchObject({ method: "post", payload: { values: { order_id: 5 }, id: null } });

    fireEvent.change(screen.getByLabelText("Amount"), { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Amount must be at most 70", undefined, slow)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    // Another order: asked again with the new values, the new bound replaces the old.
    fireEvent.change(screen.getByLabelText("Order"), { target: { value: "6" } });
    expect(
      await screen.findByText("At most $20.00: what is due on order ORD-6", undefined, slow),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("At most 10 pieces are left")).not.toBeInTheDocument());
  });

  it("disables what other records lock, the row's removal too, and says why", async () => {
    const custom = vi.fn(async ({ url }: Ask) => ({
      data: (url === "user-payments/bounds"
        ? {
            note: { locked: true, message: "The note is the processor's" },
            "drops.0": { locked: true, message: "On run R-1, which is open" },
            "drops.0.quantity": { locked: true, message: "Its quantity is what run R-1 prints" },
          }
        : {}) as never,
    }));
    renderWithProviders(
      <RecordForm resource={payments} action="create" onSaved={() => {}} onCancel={() => {}} />,
      { path: "/user-payments/create", dataProvider: fakeDataProvider({}, { custom: custom as never }) },
    );
    expect(await screen.findByText("The note is the processor's", undefined, slow)).toBeInTheDocument();
    expect(screen.getByLabelText("Note")).toBeDisabled();
    expect(screen.getByLabelText("Amount")).toBeEnabled();
    expect(screen.getByText("On run R-1, which is open")).toBeInTheDocument();
    expect(screen.getByText("Its quantity is what run R-1 prints")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove drop 1" })).toBeDisabled();
    expect(screen.getByRole("spinbutton", { name: /Quantity/ })).toBeDisabled();
  });

  it("a kind without bounded fields never asks", async () => {
    const custom = vi.fn(async (_ask: Ask) => ({ data: {} as never }));
    renderWithProviders(
      <RecordForm resource={notes} action="create" onSaved={() => {}} onCancel={() => {}} />,
      {
        path: "/sites/create",
        dataProvider: fakeDataProvider({}, { custom: custom as never }),
      },
    );
    await screen.findByLabelText("Name", undefined, slow);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(custom.mock.calls.some(([a]) => String(a.url).endsWith("/bounds"))).toBe(false);
  });
});
