// The engine's pure parts for the extended declarations: form values of child collections and
// secrets (record → form → payload, what a PATCH sends, the 409 rebase), the route strings of
// scoped kinds and child rows and the guards they get, and server errors placed off a cell.
import { describe, expect, it } from "vitest";
import { hasDigitIds } from "../../../src/pages/resource/digit-ids";
import { childErrorsOffCell } from "../../../src/pages/resource/form-errors";
import { defineResource } from "../../../src/resource-engine/define";
import { choice, integer, json, reference, secret, text } from "../../../src/resource-engine/fields";
import {
  changedValues,
  defaultValues,
  formFieldNames,
  rebase,
  toFormValues,
  toPayload,
} from "../../../src/resource-engine/record-values";
import {
  childPathOf,
  childRoutesOf,
  listPath,
  recordPath,
  routesOf,
  scopedListRoute,
} from "../../../src/resource-engine/resource-routes";
import { tableRequirement } from "../../../src/routing/require-permission";

const orders = defineResource({
  kind: "Order",
  fields: {
    name: text(),
    api_token: secret("generated"),
    credentials: secret("writeOnly"),
  },
  children: {
    items: {
      fields: {
        sku: text(),
        quantity: integer({ default: 1 }),
        options: json(),
        total: integer({ readOnly: true }),
      },
      min: 1,
    },
  },
});

const record = {
  id: 5,
  name: "Spring",
  api_token: true,
  credentials: true,
  version: 3,
  items: [
    { id: 11, position: 0, sku: "A", quantity: 2, options: { fold: "z" }, total: 20 },
    { id: 12, position: 1, sku: "B", quantity: 1, options: null, total: 5 },
  ],
};

describe("form values of child collections and secrets", () => {
  it("a generated secret is never a form field; a collection needing rows starts with them", () => {
    expect(formFieldNames(orders)).toEqual(["name", "credentials"]);
    expect(defaultValues(orders)).toEqual({ items: [{ quantity: 1 }] });
  });

  it("record → form: rows with their id (no position, no computed fields), JSON as text, secrets as set/not set", () => {
    expect(toFormValues(orders, record)).toEqual({
      name: "Spring",
      credentials: true,
      items: [
        { id: 11, sku: "A", quantity: 2, options: '{\n  "fold": "z"\n}' },
        { id: 12, sku: "B", quantity: 1, options: null },
      ],
    });
  });

  it("form → payload: rows as { id?, ...fields }, an untouched secret left out, a typed one sent, a cleared one null", () => {
    const values = toFormValues(orders, record);
    const rows = values.items as Record<string, unknown>[];
    const edited = { ...values, items: [...rows, { sku: "C", quantity: "", options: "" }] };
    expect(toPayload(orders, edited)).toEqual({
      name: "Spring",
      items: [
        { id: 11, sku: "A", quantity: 2, options: { fold: "z" } },
        { id: 12, sku: "B", quantity: 1, options: null },
        { sku: "C", quantity: null, options: null },
      ],
    });
    expect(toPayload(orders, { ...values, credentials: "k3y" }).credentials).toBe("k3y");
    expect(toPayload(orders, { ...values, credentials: null }).credentials).toBeNull();
    expect("credentials" in toPayload(orders, { ...values, credentials: "" })).toBe(false);
    // A secret whose help says JSON: an object when the text spells one, else the text.
    const keys = defineResource({
      kind: "Integration",
      fields: { credentials: secret("writeOnly", { help: "API key, or JSON such as { client_id }" }) },
    });
    expect(toPayload(keys, { credentials: '{ "client_id": "c1" }' })).toEqual({
      credentials: { client_id: "c1" },
    });
    expect(toPayload(keys, { credentials: "sk_live_1" })).toEqual({ credentials: "sk_live_1" });
  });

  it("a PATCH carries a collection only when a row, or the rows' order, changed; then all of it", () => {
    const same = toPayload(orders, toFormValues(orders, record));
    expect(changedValues(record, same, orders)).toEqual({});
    const items = same.items as Record<string, unknown>[];
    const reordered = { ...same, items: [items[1], items[0]] };
    expect(changedValues(record, reordered, orders)).toEqual({ items: [items[1], items[0]] });
    const edited = { ...same, items: [{ ...items[0], quantity: "3" }, items[1]] };
    expect(changedValues(record, edited, orders)).toEqual({ items: edited.items });
    // "2" and 2 are the same quantity.
    expect(
      changedValues(record, { ...same, items: [{ ...items[0], quantity: "2" }, items[1]] }, orders),
    ).toEqual({});
    expect(changedValues(record, { ...same, credentials: "k3y" }, orders)).toEqual({ credentials: "k3y" });
  });

  it("a 409 rebase keeps the user's rows when they changed any, else takes the server's", () => {
    const latest = {
      ...record,
      version: 4,
      items: [...record.items, { id: 13, position: 2, sku: "D", quantity: 9 }],
    };
    const form = toFormValues(orders, record);
    const rows = form.items as Record<string, unknown>[];
    const mine = { ...form, items: [{ ...rows[0], quantity: 7 }, rows[1]] };
    const kept = rebase(orders, record, latest, mine);
    expect(kept.values.items).toEqual(mine.items);
    expect(kept.changes).toEqual([{ field: "items", value: "3 items", mine: true }]);

    const theirs = rebase(orders, record, latest, form);
    expect((theirs.values.items as unknown[]).length).toBe(3);
    expect(theirs.changes).toEqual([{ field: "items", value: "3 items", mine: false }]);
  });
});

const products = defineResource({
  kind: "Product",
  scopedBy: "site_id",
  fields: { name: text(), site_id: reference("Site") },
  children: { variants: { fields: { label: text() } } },
});

const facilities = defineResource({
  kind: "Location",
  path: "facilities",
  fields: { name: text() },
  children: { shipping_addresses: { fields: { nickname: text() }, ownChangeLog: true } },
});

describe("routes of scoped kinds and child rows", () => {
  it("a scoped kind keeps its unscoped list and puts every record route under the scope", () => {
    expect(routesOf(products)).toEqual({
      list: "/products",
      create: "/products/:scopeValue/create",
      show: "/products/:scopeValue/:id",
      edit: "/products/:scopeValue/:id/edit",
      changeLogs: "/products/:scopeValue/:id/change-logs",
    });
    expect(scopedListRoute(products)).toBe("/products/:scopeValue");
    expect(scopedListRoute(facilities)).toBeUndefined();
    expect(recordPath(products, "edit", 9, 4)).toBe("/products/4/9/edit");
    expect(listPath(products, 4)).toBe("/products/4");
    expect(listPath(products)).toBe("/products");
  });

  it("child pages and a row's own change log (the spec's facility shipping-address route)", () => {
    expect(childRoutesOf(products)).toEqual([
      {
        name: "variants",
        page: "/products/:scopeValue/:id/variants",
        changeLogs: "/products/:scopeValue/:id/variant/:childId/change-logs",
        row: "/products/:scopeValue/:id/:childId",
      },
    ]);
    expect(childPathOf(facilities, "shipping_addresses", "changeLogs", { id: 3, childId: 8 })).toBe(
      "/facilities/3/shipping-address/8/change-logs",
    );
  });

  it("a part of another kind's records hangs under the holder's record route (a site's order settings)", () => {
    const settings = defineResource({
      kind: "OrderSetting",
      pages: "routes",
      partOf: "site_id",
      fields: { site_id: reference("Site", { required: true }), name: text({ required: true }) },
      children: { steps: { fields: { name: text({ required: true }) }, rowPages: true } },
    });
    expect(settings).toMatchObject({
      route: "/order-settings",
      scopedBy: "site_id",
      scopeRoute: "/sites",
      hidden: true,
    });
    expect(routesOf(settings)).toEqual({
      list: "/order-settings",
      create: "/sites/:scopeValue/create",
      show: "/sites/:scopeValue/:id",
      edit: "/sites/:scopeValue/:id/edit",
      changeLogs: "/sites/:scopeValue/:id/change-logs",
    });
    // Its "list" is the holder's page: where a deleted setting's page returns to.
    expect(listPath(settings, 4)).toBe("/sites/4");
    expect(recordPath(settings, "show", 7, 4)).toBe("/sites/4/7");
    expect(childPathOf(settings, "steps", "row", { id: 7, scope: 4, childId: 31 })).toBe("/sites/4/7/31");
    // The spec's table: open like every sites page (null) for the setting and its steps; other
    // routes by the kind's verbs.
    expect(tableRequirement(routesOf(settings).show)).toBeNull();
    expect(tableRequirement(childRoutesOf(settings)[0].row)).toBeNull();
    expect(tableRequirement(routesOf(settings).edit)).toBeUndefined();
    expect(tableRequirement(routesOf(settings).create)).toBeUndefined();
  });

  it("the spec's table guards the generated create and leaves the rest to the kind's verbs", () => {
    expect(tableRequirement(routesOf(products).create)).toEqual({
      type: "permission",
      kind: "Product",
      action: "Create",
    });
    expect(tableRequirement(routesOf(products).show)).toBeUndefined();
    expect(tableRequirement(scopedListRoute(products) as string)).toBeUndefined();
  });

  it("ids, child ids and scope values are digits only", () => {
    expect(hasDigitIds({ id: "12" })).toBe(true);
    expect(hasDigitIds({ scopeValue: "4", id: "9", childId: "31" })).toBe(true);
    expect(hasDigitIds({ id: "12ab" })).toBe(false);
    expect(hasDigitIds({ scopeValue: "import" })).toBe(false);
    expect(hasDigitIds({ id: "-1" })).toBe(false);
    expect(hasDigitIds({})).toBe(true);
  });
});

describe("server errors off a cell", () => {
  it("a row's own error and one on a field without an input go under the collection", () => {
    const refunds = defineResource({
      kind: "RefundApproval",
      fields: { state: choice(["a", "b"]) },
      children: { lines: { fields: { amount: integer(), note: text({ readOnly: true }) } } },
    });
    expect(
      childErrorsOffCell(refunds, {
        "lines.0.amount": ["Too much"],
        "lines.1": ["Not a line of this refund"],
        "lines.2.note": "Computed",
        lines: ["At most 3 lines"],
        state: ["Required"],
      }),
    ).toEqual({ lines: ["Line 2: Not a line of this refund", "Line 3, Note: Computed"] });
  });
});
