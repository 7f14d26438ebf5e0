// The declaration's newer field kinds in the generic pages: secrets (a generated one shown once
// after create, a write-only one replaced or kept), enum transitions (an edit offers only the
// allowed next values), status references (only their entity's statuses, shown as coloured
// tags) and references to users (labelled by name; without User Read, the id and no request).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FieldValue } from "../../../src/components/fields/field-value";
import { RecordDetails } from "../../../src/pages/resource/record-details";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { defineResource, type Resource } from "../../../src/resource-engine/define";
import { choice, reference, secret, text } from "../../../src/resource-engine/fields";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const itemOf = (label: string) => screen.getByLabelText(label).closest(".ant-form-item") as HTMLElement;

function renderForm(
  resource: Resource,
  props: { action: "create" | "edit"; id?: string },
  dataProvider = fakeDataProvider(),
  can?: Parameters<typeof renderWithProviders>[1]["can"],
) {
  const onSaved = vi.fn();
  renderWithProviders(<RecordForm resource={resource} onSaved={onSaved} onCancel={() => {}} {...props} />, {
    path: "/",
    dataProvider,
    can,
  });
  return { onSaved, dataProvider };
}

/** The labels of an open antd select's options. */
async function optionsOf(label: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByLabelText(label));
  await waitFor(() => expect(document.querySelector(".ant-select-item-option")).not.toBeNull(), slow);
  return [
    ...document.querySelectorAll(
      ".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option",
    ),
  ].map((option) => option.textContent ?? "");
}

const apiKeys = defineResource({
  kind: "ApiKey",
  fields: {
    name: text({ required: true }),
    secret: secret("generated", { label: "Secret" }),
  },
});

describe("generated secret", () => {
  it("is not in the form; after create its plaintext is shown once, then the form goes on", async () => {
    const create = vi.fn(async ({ variables }) => ({
      data: { id: 9, ...(variables as object), secret: "pk_live_4f9a1c" } as never,
    }));
    const { onSaved } = renderForm(apiKeys, { action: "create" }, fakeDataProvider({}, { create }));
    fireEvent.change(await screen.findByLabelText("Name", undefined, slow), {
      target: { value: "Storefront" },
    });
    expect(screen.queryByLabelText("Secret")).toBeNull();
    save();

    const dialog = await screen.findByRole("dialog", undefined, slow);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ variables: { name: "Storefront" } }));
    expect(within(dialog).getByText("Copy it now: it will not be shown again.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Secret")).toHaveValue("pk_live_4f9a1c");
    expect(within(dialog).getByRole("button", { name: /Copy/ })).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), slow);
    // What goes on says only "set"; the plaintext is gone and the modal does not come back.
    expect(onSaved).toHaveBeenCalledWith({ id: 9, name: "Storefront", secret: true });
    await waitFor(
      () => expect(screen.queryByText("Copy it now: it will not be shown again.")).toBeNull(),
      slow,
    );
    expect(screen.queryByDisplayValue("pk_live_4f9a1c")).toBeNull();
  });

  it("an answer without the plaintext goes on at once", async () => {
    const create = vi.fn(async ({ variables }) => ({
      data: { id: 9, ...(variables as object), secret: true } as never,
    }));
    const { onSaved } = renderForm(apiKeys, { action: "create" }, fakeDataProvider({}, { create }));
    fireEvent.change(await screen.findByLabelText("Name", undefined, slow), {
      target: { value: "Storefront" },
    });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a show page says Set or Not set, never a value", async () => {
    renderWithProviders(
      <>
        <FieldValue field={apiKeys.fields.secret} value={true} />
        <FieldValue field={apiKeys.fields.secret} value={false} />
      </>,
      { path: "/", dataProvider: fakeDataProvider() },
    );
    expect(await screen.findByText("Set", undefined, slow)).toHaveClass("ant-tag");
    expect(screen.getByText("Not set")).toHaveClass("ant-tag");
  });
});

const integrations = defineResource({
  kind: "Integration",
  fields: {
    name: text({ required: true }),
    credentials: secret("writeOnly"),
    settings: secret("writeOnly", { help: "A JSON object of the carrier's keys" }),
  },
});

describe("write-only secret", () => {
  const stored = { id: 4, name: "UPS", credentials: true, settings: false, version: 2 };

  it("an edit shows Set, sends nothing until replaced, then the new text", async () => {
    const dataProvider = fakeDataProvider({ Integration: [stored] });
    const { onSaved } = renderForm(integrations, { action: "edit", id: "4" }, dataProvider);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("UPS"), slow);
    const credentials = screen
      .getByRole("button", { name: "Replace Credentials" })
      .closest(".ant-form-item") as HTMLElement;
    expect(within(credentials).getByText("Set")).toBeInTheDocument();
    const settings = screen
      .getByRole("button", { name: "Replace Settings" })
      .closest(".ant-form-item") as HTMLElement;
    expect(within(settings).getByText("Not set")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Replace Credentials" }));
    const password = await screen.findByLabelText("Credentials", undefined, slow);
    expect(password).toHaveAttribute("type", "password");
    fireEvent.change(password, { target: { value: "s3cret-key" } });
    fireEvent.click(screen.getByRole("button", { name: "Replace Settings" }));
    fireEvent.change(await screen.findByLabelText("Settings", undefined, slow), {
      target: { value: '{"account": "A1"}' },
    });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(dataProvider.update).toHaveBeenCalledWith(
      expect.objectContaining({
        variables: { credentials: "s3cret-key", settings: { account: "A1" }, version: 2 },
      }),
    );
  });

  it("Keep current goes back to the stored state; Clear sends null", async () => {
    const dataProvider = fakeDataProvider({ Integration: [stored] });
    const { onSaved } = renderForm(integrations, { action: "edit", id: "4" }, dataProvider);
    fireEvent.click(await screen.findByRole("button", { name: "Replace Credentials" }, slow));
    fireEvent.click(await screen.findByRole("button", { name: "Keep current" }, slow));
    fireEvent.click(await screen.findByRole("button", { name: "Clear Credentials" }, slow));
    expect(screen.getByText("Will be cleared when you save")).toBeInTheDocument();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), slow);
    expect(dataProvider.update).toHaveBeenCalledWith(
      expect.objectContaining({ variables: { credentials: null, version: 2 } }),
    );
  });

  it("a JSON secret must parse before sending", async () => {
    const dataProvider = fakeDataProvider({ Integration: [stored] });
    renderForm(integrations, { action: "edit", id: "4" }, dataProvider);
    fireEvent.click(await screen.findByRole("button", { name: "Replace Settings" }, slow));
    fireEvent.change(await screen.findByLabelText("Settings", undefined, slow), {
      target: { value: "{oops" },
    });
    save();
    expect(await screen.findByText("Settings must be valid JSON", undefined, slow)).toBeInTheDocument();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });
});

const refunds = defineResource({
  kind: "RefundApproval",
  fields: {
    reason: text(),
    state: choice(["requested", "approved", "rejected", "processed"], {
      default: "requested",
      transitions: { requested: ["approved", "rejected"], approved: ["processed"] },
    }),
    status_id: reference("Status", { statusOf: "refund" }),
    approver_id: reference("User"),
  },
});

const statuses = [
  { id: 1, name: "Awaiting review", entity: "refund", color: "#d4380d" },
  { id: 2, name: "Paid out", entity: "refund", color: "#389e0d" },
];

describe("enum transitions", () => {
  it("an edit offers the stored value and the values that may follow it", async () => {
    renderForm(
      refunds,
      { action: "edit", id: "7" },
      fakeDataProvider({ RefundApproval: [{ id: 7, state: "requested", version: 1 }] }),
    );
    await waitFor(() => expect(within(itemOf("State")).getByText("Requested")).toBeInTheDocument(), slow);
    expect(await optionsOf("State")).toEqual(["Requested", "Approved", "Rejected"]);
  });

  it("a value with no way on offers only itself", async () => {
    renderForm(
      refunds,
      { action: "edit", id: "7" },
      fakeDataProvider({ RefundApproval: [{ id: 7, state: "rejected", version: 1 }] }),
    );
    await waitFor(() => expect(within(itemOf("State")).getByText("Rejected")).toBeInTheDocument(), slow);
    expect(await optionsOf("State")).toEqual(["Rejected"]);
  });

  it("a create offers where the workflow starts (the default, which no move leads to), chosen", async () => {
    renderForm(refunds, { action: "create" });
    await waitFor(() => expect(within(itemOf("State")).getByText("Requested")).toBeInTheDocument(), slow);
    expect(await optionsOf("State")).toEqual(["Requested"]);
  });

  it("a refused move (409) is shown on the field, not as a stale version", async () => {
    const update = vi.fn(async () => {
      throw Object.assign(new Error("A refund approval cannot go from Requested to Processed"), {
        statusCode: 409,
      });
    });
    renderForm(
      refunds,
      { action: "edit", id: "7" },
      fakeDataProvider(
        { RefundApproval: [{ id: 7, state: "requested", status_id: null, version: 1 }] },
        { update },
      ),
    );
    await waitFor(() => expect(within(itemOf("State")).getByText("Requested")).toBeInTheDocument(), slow);
    await optionsOf("State");
    fireEvent.click(screen.getByTitle("Approved"));
    save();
    await waitFor(
      () =>
        expect(
          within(itemOf("State")).getByText("A refund approval cannot go from Requested to Processed"),
        ).toBeInTheDocument(),
      slow,
    );
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  });
});

describe("status references", () => {
  it("the select asks the referencing kind's look-up, which offers the statuses of its entity", async () => {
    const dataProvider = fakeDataProvider({ Status: statuses });
    renderForm(refunds, { action: "create" }, dataProvider);
    expect(await optionsOf("Status")).toEqual(["Awaiting review", "Paid out"]);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "Status",
        meta: expect.objectContaining({ path: `${refunds.path}/lookups/status_id` }),
      }),
    );
  });

  it("shows as a tag in the status's colour", async () => {
    renderWithProviders(
      <RecordDetails resource={refunds} record={{ id: 7, state: "approved", status_id: 2, version: 1 }} />,
      { path: "/refund-approvals/7", dataProvider: fakeDataProvider({ Status: statuses }) },
    );
    const tag = await screen.findByText("Paid out", undefined, slow);
    expect(tag).toHaveClass("ant-tag");
    expect(tag).toHaveStyle({ backgroundColor: "#389e0d" });
  });
});

describe("references to users", () => {
  const users = [{ id: 3, name: "Ada Printer", email: "ada@example.test" }];

  it("are labelled by name in the select (users API) and on the show page", async () => {
    const dataProvider = fakeDataProvider({
      User: users,
      RefundApproval: [{ id: 7, approver_id: 3, version: 1 }],
    });
    renderForm(refunds, { action: "edit", id: "7" }, dataProvider);
    await waitFor(
      () => expect(within(itemOf("Approver")).getByText("Ada Printer")).toBeInTheDocument(),
      slow,
    );
    // The label came from the chosen id alone: the options are asked for when the select opens.
    const userLists = () =>
      vi.mocked(dataProvider.getList).mock.calls.filter(([params]) => params.resource === "User");
    expect(userLists()).toHaveLength(0);
    fireEvent.mouseDown(screen.getByLabelText("Approver"));
    await waitFor(() => expect(userLists()).toHaveLength(1), slow);
    expect(userLists()[0][0]).toMatchObject({ meta: { path: `${refunds.path}/lookups/approver_id` } });
    renderWithProviders(<RecordDetails resource={refunds} record={{ id: 7, approver_id: 3, version: 1 }} />, {
      path: "/",
      dataProvider,
    });
    await waitFor(() => expect(screen.getAllByText("Ada Printer")).toHaveLength(2), slow);
    // Users have no generic page: the name is not a link.
    expect(screen.queryByRole("link", { name: "Ada Printer" })).toBeNull();
  });

  it("without User Read: still by name, from the referencing kind's look-up only", async () => {
    const dataProvider = fakeDataProvider({
      User: users,
      RefundApproval: [{ id: 7, approver_id: 3, version: 1 }],
    });
    renderForm(refunds, { action: "edit", id: "7" }, dataProvider, async ({ resource }) => ({
      can: resource !== "User",
    }));
    await waitFor(
      () => expect(within(itemOf("Approver")).getByText("Ada Printer")).toBeInTheDocument(),
      slow,
    );
    renderWithProviders(<RecordDetails resource={refunds} record={{ id: 7, approver_id: 3, version: 1 }} />, {
      path: "/",
      dataProvider,
      can: async ({ resource }) => ({ can: resource !== "User" }),
    });
    await waitFor(() => expect(screen.getAllByText("Ada Printer")).toHaveLength(2), slow);
    const userCalls = [
      ...vi.mocked(dataProvider.getList).mock.calls,
      ...vi.mocked(dataProvider.getMany ?? vi.fn()).mock.calls,
    ].filter(([params]) => (params as { resource: string }).resource === "User");
    expect(userCalls.length).toBeGreaterThan(0);
    // Never the users API itself: the refund approvals' look-up of the field.
    for (const [params] of userCalls)
      expect((params as { meta?: { path?: string } }).meta?.path).toBe(`${refunds.path}/lookups/approver_id`);
  });
});
