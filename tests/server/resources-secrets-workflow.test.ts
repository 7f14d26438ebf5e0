import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { secretMatches } from "../../server/resources/secrets";
import { describeEachStore } from "./helpers";
import { type SyntheticApp, syntheticApp } from "./synthetic-kinds";

// Secrets (generated and write-only), workflow moves (enum transitions, statusOf references)
// and references to users, on made-up kinds (synthetic-kinds.ts).

type Json = Record<string, unknown>;

describeEachStore("secrets, workflows and user references (%s)", (dbKind) => {
  let s: SyntheticApp;
  let product: Json & { id: number };

  beforeAll(async () => {
    s = await syntheticApp(dbKind);
    product = await s.create("tc-products", { name: "Cards" });
  });
  afterAll(() => s?.close());

  const stored = (table: string, id: number) =>
    selectRows<Json>(s.db.handle.db, sql.raw(`select * from "${table}" where id = ${id}`)).then((r) => r[0]);
  const item = { product_id: 0, description: "Cards", quantity: 1 };
  const order = (fields: Json) => ({ items: [{ ...item, product_id: product.id }], ...fields });

  describe("a generated secret", () => {
    it("is made at create, shown once as text, stored as a hash, and otherwise only shown as set", async () => {
      const res = await s.call("POST", "tc-api-keys", { name: "Storefront" });
      expect(res.statusCode, res.body).toBe(201);
      const key = res.json().data;
      expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The hooks can read its prefix from what is stored.
      expect(key.prefix).toBe(key.secret.slice(0, 8));

      const row = await stored("tc_api_keys", key.id);
      const hash = createHash("sha256").update(key.secret).digest("hex");
      expect(row.secret).toBe(`${key.secret.slice(0, 8)}.${hash}`);
      expect(secretMatches(key.secret, row.secret as string)).toBe(true);
      expect(secretMatches(`${key.secret}x`, row.secret as string)).toBe(false);

      const answers = [
        await s.call("GET", `tc-api-keys/${key.id}`),
        await s.call("GET", `tc-api-keys?id=${key.id}`),
        await s.call("GET", `tc-api-keys/${key.id}/change-logs`),
        await s.call("GET", `tc-api-keys/export.csv?id=${key.id}`),
        await s.call("PATCH", `tc-api-keys/${key.id}`, { version: 1, name: "Storefront 2" }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).not.toContain(key.secret);
        expect(answer.body).not.toContain(hash);
      }
      expect(answers[0].json().data.secret).toBe(true);
      expect(answers[1].json().data[0].secret).toBe(true);
      expect(answers[2].json().data[0].changes.secret).toEqual({ from: null, to: true });
      expect(answers[3].body).toContain("Storefront,");
      expect(answers[3].body.split("\r\n")[1]).toMatch(/,true,/);
      expect(answers[4].json().data).toMatchObject({ secret: true, version: 2 });
    });

    it("is never accepted in a body (400), and cannot be filtered, sorted or searched", async () => {
      const create = await s.call("POST", "tc-api-keys", { name: "Mine", secret: "my-own-secret" });
      expect(create.statusCode).toBe(400);
      expect(create.json().errors).toEqual([
        { field: "secret", message: "Made by the server and shown once; leave it out of the body" },
      ]);
      const key = await s.create("tc-api-keys", { name: "Hot folder" });
      const update = await s.call("PATCH", `tc-api-keys/${key.id}`, { version: 1, secret: null });
      expect(update.statusCode).toBe(400);
      expect(update.json().errors.map((e: Json) => e.field)).toEqual(["secret"]);
      for (const query of ["secret=true", "sort=secret", "secret_gte=a"]) {
        expect((await s.call("GET", `tc-api-keys?${query}`)).statusCode, query).toBe(400);
      }
    });
  });

  describe("a write-only secret", () => {
    it("stores text or JSON, answers only whether it is set, and clears with null", async () => {
      const res = await s.call("POST", "tc-integrations", { name: "4over", credentials: "api-key-123" });
      expect(res.statusCode, res.body).toBe(201);
      const integration = res.json().data;
      expect(integration.credentials).toBe(true);
      expect((await stored("tc_integrations", integration.id)).credentials).toBe("api-key-123");

      const json = { client_id: "abc", client_secret: "xyz-789" };
      const replaced = await s.call("PATCH", `tc-integrations/${integration.id}`, {
        version: 1,
        credentials: json,
      });
      expect(replaced.json().data).toMatchObject({ credentials: true, version: 2 });
      expect((await stored("tc_integrations", integration.id)).credentials).toEqual(json);

      const cleared = await s.call("PATCH", `tc-integrations/${integration.id}`, {
        version: 2,
        credentials: null,
      });
      expect(cleared.json().data).toMatchObject({ credentials: false, version: 3 });
      expect((await stored("tc_integrations", integration.id)).credentials).toBeNull();

      const logs = await s.call("GET", `tc-integrations/${integration.id}/change-logs`);
      expect(logs.json().data.map((e: Json) => e.changes)).toEqual([
        { credentials: { from: true, to: false } },
        { credentials: { from: true, to: true } },
        { name: { from: null, to: "4over" }, credentials: { from: null, to: true } },
      ]);
      for (const answer of [logs, replaced, cleared, await s.call("GET", "tc-integrations/export.csv")]) {
        expect(answer.body).not.toContain("api-key-123");
        expect(answer.body).not.toContain("xyz-789");
      }
      const bad = await s.call("POST", "tc-integrations", { name: "Bad", credentials: 42 });
      expect(bad.json().errors).toEqual([
        { field: "credentials", message: "Expected text or a JSON object" },
      ]);
      const unset = await s.create("tc-integrations", { name: "Unset" });
      expect(unset.credentials).toBe(false);
    });
  });

  describe("enum transitions", () => {
    it("refuses a move the transitions do not allow (409 naming both labels)", async () => {
      const refund = await s.create("tc-refund-approvals", { amount: 25 });
      expect(refund.status).toBe("requested");
      const skip = await s.call("PATCH", `tc-refund-approvals/${refund.id}`, {
        version: 1,
        status: "processed",
      });
      expect(skip.statusCode).toBe(409);
      expect(skip.json().message).toBe("A refund approval cannot go from Requested to Processed");
      expect(skip.json().errors).toEqual([{ field: "status", message: skip.json().message }]);
      // Nothing was written.
      expect((await s.call("GET", `tc-refund-approvals/${refund.id}`)).json().data.version).toBe(1);

      const same = await s.call("PATCH", `tc-refund-approvals/${refund.id}`, {
        version: 1,
        status: "requested",
      });
      expect(same.statusCode).toBe(200);
      const next = await s.call("PATCH", `tc-refund-approvals/${refund.id}`, {
        version: 2,
        status: "under_review",
      });
      expect(next.json().data).toMatchObject({ status: "under_review", version: 3 });
      const back = await s.call("PATCH", `tc-refund-approvals/${refund.id}`, {
        version: 3,
        status: "requested",
      });
      expect(back.json().message).toBe("A refund approval cannot go from Under review to Requested");
      // A value missing from the map (rejected) may not be left.
      await s.call("PATCH", `tc-refund-approvals/${refund.id}`, { version: 3, status: "rejected" });
      const out = await s.call("PATCH", `tc-refund-approvals/${refund.id}`, {
        version: 4,
        status: "approved",
      });
      expect(out.statusCode).toBe(409);
      expect(out.json().message).toBe("A refund approval cannot go from Rejected to Approved");
    });
  });

  describe("statusOf references", () => {
    let open: Json & { id: number };
    let shipped: Json & { id: number };
    let cancelled: Json & { id: number };
    let printing: Json & { id: number };

    beforeAll(async () => {
      shipped = await s.create("tc-statuses", { name: "Shipped", entity: "order" });
      cancelled = await s.create("tc-statuses", { name: "Cancelled", entity: "order" });
      open = await s.create("tc-statuses", { name: "Open", entity: "order", next_status_ids: [shipped.id] });
      printing = await s.create("tc-statuses", { name: "Printing", entity: "order_item" });
    });

    it("accepts only statuses of the field's entity (400 on the field, in rows too)", async () => {
      const wrong = await s.call("POST", "tc-orders", order({ number: "WF-1", status_id: printing.id }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { field: "status_id", message: '"Printing" is a status of order items; choose one of orders' },
      ]);
      const inRow = await s.call("POST", "tc-orders", {
        number: "WF-1",
        items: [{ ...item, product_id: product.id, item_status_id: open.id }],
      });
      expect(inRow.json().errors).toEqual([
        {
          field: "items.0.item_status_id",
          message: '"Open" is a status of orders; choose one of order items',
        },
      ]);
      const right = await s.call("POST", "tc-orders", {
        number: "WF-1",
        status_id: open.id,
        items: [{ ...item, product_id: product.id, item_status_id: printing.id }],
      });
      expect(right.statusCode, right.body).toBe(201);
    });

    it("moves only to one of the previous status's next statuses, when it lists any (409 naming both)", async () => {
      const o = await s.create("tc-orders", order({ number: "WF-2", status_id: open.id }));
      const refused = await s.call("PATCH", `tc-orders/${o.id}`, { version: 1, status_id: cancelled.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("An order cannot go from Open to Cancelled");
      const moved = await s.call("PATCH", `tc-orders/${o.id}`, { version: 1, status_id: shipped.id });
      expect(moved.json().data).toMatchObject({ status_id: shipped.id, version: 2 });
      // Shipped lists no next statuses: any move is allowed.
      const free = await s.call("PATCH", `tc-orders/${o.id}`, { version: 2, status_id: cancelled.id });
      expect(free.statusCode).toBe(200);
    });

    it("checks the moves of kept rows too", async () => {
      const done = await s.create("tc-statuses", { name: "Done", entity: "order_item" });
      const proof = await s.create("tc-statuses", {
        name: "Proof",
        entity: "order_item",
        next_status_ids: [printing.id],
      });
      const o = await s.create("tc-orders", {
        number: "WF-3",
        items: [{ ...item, product_id: product.id, item_status_id: proof.id }],
      });
      const row = (o.items as Json[])[0];
      const res = await s.call("PATCH", `tc-orders/${o.id}`, {
        version: 1,
        items: [{ id: row.id, item_status_id: done.id }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: "An order item cannot go from Proof to Done",
        errors: [{ field: "items.0.item_status_id", message: "An order item cannot go from Proof to Done" }],
      });
    });
  });

  describe("references to users", () => {
    it("accept members of the caller's tenant only, and export their names", async () => {
      const mine = await s.call("POST", "tc-orders", order({ number: "U-1", csr_id: 2 }));
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json().data.csr_id).toBe(2);
      // User 4 belongs to the other tenant only; 999 to none.
      for (const id of [4, 999]) {
        const res = await s.call("POST", "tc-orders", order({ number: "U-2", csr_id: id }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: "csr_id", message: `There is no user with id ${id}` }]);
      }
      const filtered = await s.call("GET", "tc-orders?csr_id=2");
      expect(filtered.json().data.map((r: Json) => r.number)).toEqual(["U-1"]);
      const csv = await s.call("GET", `tc-orders/export.csv?id=${mine.json().data.id}`);
      const [header, line] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(header).toContain("CSR ID,CSR");
      expect(line).toContain(",2,Casey CSR,");
    });
  });

  it("documents collections and secrets in the OpenAPI document", async () => {
    const doc = (await s.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const order = doc.components.schemas.Order;
    expect(order.properties.items).toMatchObject({ type: "array" });
    expect(order.properties.items.items.properties).toMatchObject({
      id: { type: "integer" },
      position: { type: "integer" },
      quantity: expect.any(Object),
    });
    expect(order.properties.charges).toMatchObject({ type: "array" });
    const key = doc.components.schemas.ApiKey.properties.secret;
    expect(JSON.stringify(key)).toContain("once");
    expect(doc.components.schemas.Integration.properties.credentials).toMatchObject({ type: "boolean" });
    const post = doc.paths["/api/v1/tc-api-keys"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(post.properties)).toEqual(["name"]);
    const orderPost = doc.paths["/api/v1/tc-orders"].post.requestBody.content["application/json"].schema;
    expect(orderPost.properties.items).toMatchObject({ type: "array", minItems: 1, maxItems: 3 });
    expect(doc.paths).toHaveProperty("/api/v1/tc-facilities/{id}/shipping-addresses/{childId}/change-logs");
  });
});
