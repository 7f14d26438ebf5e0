// One declared kind walked through the generated pages inside the app's route tree: its list shows a
// record with the row actions, the record opens in the drawer, a create form filled from the
// declaration's required fields sends them, a confirmed delete removes the record, and an edit answered
// with 409 keeps the input and offers Reload. Everything is derived from the declaration: values by field
// type, text that matches the field's own pattern. Used by the master-data kinds' tests (issue #5): the whole walk
// for a few kinds, the create form alone (fillCreateForm) for every kind.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { Kind } from "../../../src/access/kinds";
import { RecordForm } from "../../../src/pages/resource/record-form";
import type { Resource } from "../../../src/resource-engine/define";
import type { Field } from "../../../src/resource-engine/fields";
import { inSentence } from "../../../src/resource-engine/list-query";
import { resourceOf } from "../../../src/resource-engine/registry";
import { AppRoutes } from "../../../src/routes";
import { fakeDataProvider, renderWithProviders, signInWith } from "./render-resource";

const slow = { timeout: 20_000 };

/** Text candidates; the first one the field's own pattern and length accept is used. */
const TEXTS = ["Sample 7", "sample-7", "sample_7", "US", "12:30", "s7", "shop.example.test"];

function textFor(field: Field, salt: string): string {
  const { pattern, min, max } = field as Field & { pattern?: string; min?: number; max?: number };
  const fits = (value: string) =>
    (!pattern || new RegExp(pattern).test(value)) &&
    value.length >= (min ?? 0) &&
    value.length <= (max ?? 1000);
  const salted = TEXTS.map((t) => (/\d$/.test(t) ? `${t.slice(0, -1)}${salt}` : t));
  const value = [...salted, ...TEXTS].find(fits);
  if (!value) throw new Error(`no sample text fits the pattern ${pattern}`);
  return value;
}

/** A stored value of each field type, as the API answers it. */
export function storedValue(field: Field, salt: string): unknown {
  switch (field.type) {
    case "text":
    case "longText":
    case "richText":
    case "phone":
      return textFor(field, salt);
    case "email":
      return `sample${salt}@example.test`;
    case "url":
      return "https://example.test/";
    case "colour":
      return "#336699";
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      return Math.max(field.min ?? 0, 3);
    case "date":
      return "2026-03-05";
    case "datetime":
      return "2026-03-05T14:30:00.000Z";
    case "boolean":
      return true;
    case "enum":
      return field.values[0].value;
    case "reference":
      return 1;
    case "referenceList":
      return [1];
    case "json":
      return { a: 1 };
    case "secret":
      return true;
  }
}

/** A stored record of `resource`, and one titled record for each kind its fields reference. */
export function fixtures(resource: Resource) {
  const record: Record<string, unknown> = { id: 1, version: 3 };
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    record[name] = storedValue(field, "7");
    if (field.type === "reference" || field.type === "referenceList") {
      const title = resourceOf(field.target)?.titleField ?? "name";
      rows[field.target] = [{ id: 1, [title]: `Target ${field.target}`, name: `Target ${field.target}` }];
    }
  }
  for (const name of Object.keys(resource.children)) record[name] = [];
  rows[resource.kind] = [record];
  return { record, rows };
}

/** Fills a field of the open form the way a user would. */
async function fill(form: HTMLElement, field: Field, value: unknown) {
  const input = within(form).getByLabelText(field.label ?? "", { exact: true });
  if (field.type !== "enum" && field.type !== "reference") {
    fireEvent.change(input, { target: { value: String(value) } });
    return;
  }
  fireEvent.mouseDown(input);
  const label =
    field.type === "enum"
      ? (field.values.find((v) => v.value === value)?.label ?? String(value))
      : `Target ${field.target}`;
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-item-option")].find(
      (o) => o.textContent === label,
    );
    if (!found) throw new Error(`no option "${label}" for ${field.label}`);
    return found;
  }, slow);
  fireEvent.click(option);
}

export async function walkKindPages(kind: Kind): Promise<void> {
  const resource = resourceOf(kind);
  if (!resource) throw new Error(`${kind} is not declared`);
  const singular = inSentence(resource.singular);
  const { record, rows } = fixtures(resource);
  const title = String(record[resource.titleField]);
  const update = vi.fn(async () => {
    throw Object.assign(new Error(`This ${singular} was changed by someone else. Reload it.`), {
      statusCode: 409,
    });
  });
  const dataProvider = fakeDataProvider(rows, { update });
  signInWith({ ...Object.fromEntries(Object.keys(rows).map((k) => [k, ["Read"]])), [kind]: ["*"] });
  renderWithProviders(<AppRoutes />, { path: resource.route, dataProvider });

  // List: the record's row, with its actions.
  const table = await screen.findByRole("table", undefined, slow);
  expect((await within(table).findAllByText(title, undefined, slow)).length).toBeGreaterThan(0);
  // Queries inside the table where they can be: naming every link and button of the whole page (menu, header,
  // filters) is what made these walks slow.
  for (const action of ["Show", "Edit", "Change log of"])
    expect(
      await within(table).findByRole("link", { name: `${action} ${singular} 1` }, slow),
    ).toBeInTheDocument();

  // Show: the drawer on the record, with its required fields.
  fireEvent.click(within(table).getByRole("link", { name: `Show ${singular} 1` }));
  const shown = await screen.findByRole("dialog", undefined, slow);
  await within(shown).findAllByText(title, undefined, slow);
  for (const [name, field] of requiredFields(resource)) {
    expect(within(shown).getAllByText(field.label ?? "").length).toBeGreaterThan(0);
    // Text is shown as stored (other types have their own formats, tested in field-kinds.test.tsx).
    if (field.type === "text")
      expect(within(shown).getAllByText(String(record[name])).length).toBeGreaterThan(0);
  }
  fireEvent.keyDown(shown, { key: "Escape", code: "Escape", keyCode: 27 });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), slow);

  // Create: the required fields without a default filled in, sent as typed.
  fireEvent.click(screen.getByRole("button", { name: new RegExp(`Create ${singular}$`) }));
  const creating = await screen.findByRole("dialog", undefined, slow);
  await fillAndSave(resource, creating, dataProvider);
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), slow);

  // Delete: asked first; cancelled, nothing is sent; confirmed, it is.
  const question = async () => {
    fireEvent.click(within(table).getByRole("button", { name: `Delete ${singular} 1` }));
    const text = await screen.findByText(`Delete this ${singular}?`, undefined, slow);
    return text.closest(".ant-popover") as HTMLElement;
  };
  fireEvent.click(within(await question()).getByRole("button", { name: "Cancel" }));
  expect(dataProvider.deleteOne).not.toHaveBeenCalled();
  fireEvent.click(within(await question()).getByRole("button", { name: "Delete" }));
  await waitFor(
    () =>
      expect(dataProvider.deleteOne).toHaveBeenCalledWith(expect.objectContaining({ resource: kind, id: 1 })),
    slow,
  );

  // Edit: a stale version answers 409; the typed value stays and Reload is offered.
  fireEvent.click(within(table).getByRole("link", { name: `Edit ${singular} 1` }));
  const editing = await screen.findByRole("dialog", undefined, slow);
  const titleField = resource.fields[resource.titleField];
  // The loaded record resets the form, which re-creates its inputs: query after it arrives.
  const titleInput = () => within(editing).getByLabelText(titleField.label ?? "", { exact: true });
  await waitFor(() => expect(titleInput()).toHaveValue(title), slow);
  const edited = textFor(titleField, "9");
  fireEvent.change(titleInput(), { target: { value: edited } });
  fireEvent.click(within(editing).getByRole("button", { name: "Save" }));
  const alert = await within(editing).findByRole("alert", undefined, slow);
  expect(
    within(alert).getByText(`This ${singular} was changed by someone else. Reload it.`),
  ).toBeInTheDocument();
  expect(within(alert).getByRole("button", { name: "Reload" })).toBeInTheDocument();
  expect(update).toHaveBeenCalledWith(
    expect.objectContaining({ resource: kind, variables: { [resource.titleField]: edited, version: 3 } }),
  );
  expect(titleInput()).toHaveValue(edited);
}

const requiredFields = (resource: Resource) =>
  Object.entries(resource.fields).filter(([, f]) => f.required && !f.readOnly);

/** Fills the open create form's required fields that have no default, saves, and checks what was sent. */
async function fillAndSave(
  resource: Resource,
  form: HTMLElement,
  dataProvider: ReturnType<typeof fakeDataProvider>,
) {
  await within(form).findByRole("button", { name: "Save" }, slow);
  const sent: Record<string, unknown> = {};
  for (const [name, field] of requiredFields(resource)) {
    if (field.default !== undefined) continue;
    const value = storedValue(field, "8");
    await fill(form, field, value);
    sent[name] = value;
  }
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1), slow);
  expect(dataProvider.create).toHaveBeenCalledWith(
    expect.objectContaining({ resource: resource.kind, variables: expect.objectContaining(sent) }),
  );
}

/** The kind's create form alone (no list, drawer or layout around it): its required fields, filled and sent. */
export async function fillCreateForm(kind: Kind): Promise<void> {
  const resource = resourceOf(kind);
  if (!resource) throw new Error(`${kind} is not declared`);
  const { rows } = fixtures(resource);
  const dataProvider = fakeDataProvider(rows);
  signInWith({ ...Object.fromEntries(Object.keys(rows).map((k) => [k, ["Read"]])), [kind]: ["*"] });
  const onSaved = vi.fn();
  const { container } = renderWithProviders(
    <RecordForm resource={resource} action="create" onSaved={onSaved} onCancel={() => {}} />,
    { path: resource.route, dataProvider },
  );
  await fillAndSave(resource, container, dataProvider);
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), slow);
}
