// The generated form: inputs and rules by field type, server field errors on their fields,
// only changed values + version on update, and a stale version (409) that keeps the input.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { defineResource } from "../../../src/resource-engine/define";
import {
  boolean,
  choice,
  date,
  email,
  integer,
  json,
  longText,
  money,
  reference,
  text,
} from "../../../src/resource-engine/fields";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const vendors = defineResource({
  kind: "Vendor",
  fields: {
    name: text({ required: true, max: 120 }),
    vendor_category_id: reference("VendorCategory"),
    terms: choice(["net30", "cod"], { default: "net30" }),
    lead_time_days: integer({ min: 0, max: 365, unit: "days" }),
    credit: money(),
    since: date(),
    email: email(),
    preferred: boolean(),
    notes: longText(),
    settings: json(),
  },
  form: [
    ["name", "vendor_category_id"],
    ["terms", "lead_time_days", "credit"],
    ["since", "email", "preferred"],
    ["notes"],
    ["settings"],
  ],
});

function renderForm(props: { action: "create" | "edit"; id?: string }, dataProvider = fakeDataProvider()) {
  const onSaved = vi.fn();
  renderWithProviders(<RecordForm resource={vendors} onSaved={onSaved} onCancel={() => {}} {...props} />, {
    path: "/vendors",
    dataProvider,
  });
  return { dataProvider, onSaved };
}

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const itemOf = (label: string) => screen.getByLabelText(label).closest(".ant-form-item") as HTMLElement;

describe("record form", () => {
  it("renders an input per field type with required marks, units and defaults", async () => {
    renderForm({ action: "create" });
    const name = await screen.findByLabelText("Name", undefined, slow);
    expect(name).toHaveAttribute("type", "text");
    expect(within(itemOf("Name")).getByText("Name")).toHaveClass("ant-form-item-required");
    expect(within(itemOf("Email")).getByText("Email")).not.toHaveClass("ant-form-item-required");
    expect(screen.getByLabelText("Vendor category")).toHaveAttribute("role", "combobox");
    expect(within(itemOf("Terms")).getByText("Net30")).toBeInTheDocument();
    expect(screen.getByLabelText("Lead time days")).toHaveAttribute("role", "spinbutton");
    expect(within(itemOf("Lead time days")).getByText("days")).toBeInTheDocument();
    expect(within(itemOf("Credit")).getByText("$")).toBeInTheDocument();
    expect(itemOf("Since").querySelector(".ant-picker")).not.toBeNull();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Preferred")).toHaveAttribute("role", "switch");
    expect(screen.getByLabelText("Notes").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("Settings").tagName).toBe("TEXTAREA");
  });

  it("checks the declared rules before sending, then creates with the filled values", async () => {
    const { dataProvider, onSaved } = renderForm({ action: "create" });
    await screen.findByLabelText("Name", undefined, slow);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.change(screen.getByLabelText("Settings"), { target: { value: "{oops" } });
    save();
    expect(await screen.findByText("Name is required", undefined, slow)).toBeInTheDocument();
    expect(await screen.findByText("Email must be an email address")).toBeInTheDocument();
    expect(await screen.findByText("Settings must be valid JSON")).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ink Co" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "sales@ink.test" } });
    fireEvent.change(screen.getByLabelText("Settings"), { target: { value: '{"tray": 2}' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(dataProvider.create).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Vendor",
        variables: {
          name: "Ink Co",
          terms: "net30",
          email: "sales@ink.test",
          preferred: false,
          settings: { tray: 2 },
        },
      }),
    );
  });

  it("shows the server's field errors on their fields", async () => {
    const dataProvider = fakeDataProvider(
      {},
      {
        create: vi.fn(async () => {
          throw Object.assign(new Error("is already taken"), {
            statusCode: 400,
            errors: { name: ["is already taken"] },
          });
        }),
      },
    );
    renderForm({ action: "create" }, dataProvider);
    fireEvent.change(await screen.findByLabelText("Name", undefined, slow), { target: { value: "Acme" } });
    save();
    await waitFor(
      () => expect(within(itemOf("Name")).getByText("is already taken")).toBeInTheDocument(),
      slow,
    );
  });

  it("a stale version: the server's message, Reload keeps the input, then saves on the latest version", async () => {
    let stored: Record<string, unknown> = {
      id: 5,
      name: "Acme",
      terms: "net30",
      lead_time_days: 5,
      version: 3,
    };
    const update = vi
      .fn()
      .mockRejectedValueOnce(
        Object.assign(new Error("This vendor was changed by someone else. Reload it."), { statusCode: 409 }),
      )
      .mockImplementation(async ({ id, variables }) => ({ data: { id, ...variables } }));
    const dataProvider = fakeDataProvider(
      {},
      { getOne: vi.fn(async () => ({ data: stored as never })), update },
    );
    const { onSaved } = renderForm({ action: "edit", id: "5" }, dataProvider);

    // The loaded record resets the form, which re-creates its inputs: query after it arrives.
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Acme"), slow);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Acme Ltd" } });
    save();

    const alert = await screen.findByRole("alert", undefined, slow);
    expect(
      within(alert).getByText("This vendor was changed by someone else. Reload it."),
    ).toBeInTheDocument();
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: "5", variables: { name: "Acme Ltd", version: 3 } }),
    );

    stored = { id: 5, name: "Acme", terms: "cod", lead_time_days: 5, version: 4 };
    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    const note = await screen.findByText(
      "Reloaded. Changed on the server since you opened the form:",
      undefined,
      slow,
    );
    expect(screen.getByLabelText("Name")).toHaveValue("Acme Ltd");
    expect(within(itemOf("Terms")).getByText("Cod")).toBeInTheDocument();
    const changes = note.closest(".ant-alert") as HTMLElement;
    expect(within(changes).getByText("Terms")).toBeInTheDocument();
    expect(within(changes).queryByText("Name")).toBeNull();

    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(update).toHaveBeenLastCalledWith(
      expect.objectContaining({ variables: { name: "Acme Ltd", version: 4 } }),
    );
  });
});
