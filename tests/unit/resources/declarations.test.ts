import { describe, expect, it } from "vitest";
import { ANY_OWN_KINDS } from "../../../src/access/catalogue";
import { KINDS, type Kind } from "../../../src/access/kinds";
import { RESOURCES, resourceOf } from "../../../src/resource-engine/registry";
import { validateResources } from "../../../src/resource-engine/validate";
import { MASTER_DATA } from "./master-data";

// Users, groups and roles live in the identity tables and have pages of their own.
const IDENTITY: Kind[] = ["Group", "Role", "User"];

describe("resource declarations", () => {
  it("pass the validation pass", () => {
    expect(validateResources(RESOURCES)).toEqual([]);
  });

  it.each(MASTER_DATA)("declare %s exactly once", (kind) => {
    expect(RESOURCES.filter((r) => r.kind === kind)).toHaveLength(1);
  });

  it("use the labels and paths the brief fixes", () => {
    expect(resourceOf("Location")).toMatchObject({ path: "facilities", label: "Facilities" });
    expect(resourceOf("Service")).toMatchObject({ path: "product-services", label: "Product services" });
    expect(resourceOf("Status")).toMatchObject({ label: "Statuses", singular: "Status" });
    expect(resourceOf("CustomerAddress")).toMatchObject({ hidden: true, group: "Customers" });
  });

  it("declare every kind of the contract but the identity's", () => {
    const declared = new Set(RESOURCES.map((r) => r.kind));
    expect(KINDS.filter((kind) => !declared.has(kind)).sort()).toEqual(IDENTITY);
  });

  it("name a user owner column on every kind with Any/Own actions", () => {
    for (const kind of ANY_OWN_KINDS) {
      const r = resourceOf(kind);
      const owner = r?.ownerField ? r.fields[r.ownerField] : undefined;
      expect(owner, kind).toMatchObject({ type: "reference", target: "User" });
    }
  });

  it("give the record kinds with detail routes pages of their own", () => {
    for (const kind of ["Order", "MailOrder", "PackingSlip", "PurchaseOrder", "Run"] as Kind[]) {
      expect(resourceOf(kind)?.pages, kind).toBe("routes");
    }
    expect(resourceOf("UserPayment")).toMatchObject({ route: "/transactions", pages: "drawer" });
    expect(resourceOf("Product")?.scopedBy).toBe("site_id");
    expect(resourceOf("Template")?.scopedBy).toBe("site_id");
  });

  it("let a purchase order be cancelled only before goods arrive", () => {
    const status = resourceOf("PurchaseOrder")?.fields.status;
    const transitions = status?.type === "enum" ? (status.transitions ?? {}) : {};
    const cancellable = Object.keys(transitions).filter((from) => transitions[from].includes("cancelled"));
    expect(cancellable).toEqual(["draft", "sent", "acknowledged"]);
  });

  it("declare secrets: a generated API key secret, write-only integration credentials", () => {
    expect(resourceOf("ApiKey")?.fields.secret).toMatchObject({ type: "secret", secret: "generated" });
    expect(resourceOf("ApiKey")?.form.flat()).not.toContain("secret");
    expect(resourceOf("Integration")?.fields.credentials).toMatchObject({
      type: "secret",
      secret: "writeOnly",
    });
  });

  it("keep order items and facility shipping addresses as child collections", () => {
    expect(resourceOf("Order")?.children.items.fields.item_status_id).toMatchObject({
      target: "Status",
      statusOf: "order_item",
    });
    expect(resourceOf("Location")?.children.shipping_addresses).toMatchObject({
      singular: "Shipping address",
      ownChangeLog: true,
    });
    expect(resourceOf("Location")?.fields).not.toHaveProperty("shipping_addresses");
  });

  it("keep computed fields out of forms but on the show page", () => {
    const inventory = resourceOf("Inventory");
    expect(inventory?.fields.available.readOnly).toBe(true);
    expect(inventory?.form.flat()).not.toContain("available");
    expect(inventory?.show.flat()).toContain("available");
    for (const [kind, field] of [
      ["Order", "total"],
      ["Order", "amount_due"],
      ["MailOrder", "piece_count"],
      ["Run", "due_at"],
      ["PurchaseOrder", "total"],
    ] as [Kind, string][]) {
      const r = resourceOf(kind);
      expect(r?.fields[field].readOnly, `${kind}.${field}`).toBe(true);
      expect(r?.form.flat(), `${kind}.${field}`).not.toContain(field);
      expect(r?.show.flat(), `${kind}.${field}`).toContain(field);
    }
  });

  it("give every kind a menu group and an icon name in kebab case", () => {
    for (const r of RESOURCES) {
      expect(r.group, r.kind).toBeDefined();
      expect(r.icon, r.kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });
});
