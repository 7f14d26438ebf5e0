import { afterAll, beforeAll, expect, it } from "vitest";
import { SEED_USERS } from "../../server/db/seed";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { type MergedPermissions, mergePermissions, type Verb } from "../../src/access/permissions";
import { RESOURCES } from "../../src/resource-engine/registry";
import { routesOf } from "../../src/resource-engine/resource-routes";
import { isRouteAllowed, tableRequirement } from "../../src/routing/require-permission";
import type { Json } from "../reliability/hostile-input";
import type { Send } from "../reliability/probe";
import { RecordBodies } from "../reliability/record-bodies";
import { demoScope, GRANTS } from "./demo-grants";
import { bearer, createTestApp, describeEachStore, getProfile, signIn, type TestApp } from "./helpers";
import { plainField, RecordFactory } from "./resource-factory";

// The permission matrix: every seeded account (each demo group's role) × every declared kind ×
// list, show, create, update, delete, answered by the server exactly as one table says. The table is written out
// here from the README's demo accounts and the seed's roles (server/db/seed.ts), not computed with the merge and
// scope functions the server itself uses, so a fault in those shows as a difference. Kinds with an owner are tried
// on a record of the caller's and on someone else's. Then the app's route guards
// (src/routing/require-permission.tsx, with the spec's route table) are compared with the server's answers for the
// same account.

const registry = await loadRegistry();

type Action = "list" | "show" | "create" | "update" | "delete";
const VERB: Record<Action, Verb> = {
  list: "Read",
  show: "Read",
  create: "Create",
  update: "Update",
  delete: "Delete",
};
type Owner = "theirs" | "others";

/**
 * The answer the server owes: 403 without the verb at all; with only <Verb>Own, someone else's record does not
 * exist for the caller (404), unless they may read it (then 403 on a change).
 */
function expectedStatus(email: string, kind: string, action: Action, owner: Owner): number {
  const scope = demoScope(email, kind, VERB[action]);
  if (scope === "none") return 403;
  if (action === "list") return 200;
  if (action === "create") return 201;
  if (scope === "own" && owner === "others") {
    if (action === "show") return 404;
    return demoScope(email, kind, "Read") === "all" ? 403 : 404;
  }
  return 200;
}

interface Account {
  email: string;
  tenant: number;
  token: string;
  userId: number;
  merged: MergedPermissions;
  send: Send;
}

describeEachStore("permission matrix (%s)", (dbKind) => {
  let t: TestApp;
  const accounts: Account[] = [];
  /** Per tenant: bodies made by that tenant's administrator. */
  const bodies = new Map<number, RecordBodies>();
  let factory: RecordFactory;
  /** Every answer that differed from the table, collected to be shown at once. */
  const seen: { email: string; kind: string; action: Action; owner: Owner; status: number }[] = [];

  const sender =
    (token: string): Send =>
    async (method, url, body) => {
      const res = await t.app.inject({
        method: method as "GET",
        url: `/api/v1/${url}`,
        headers: { ...bearer(token), ...(body ? { "content-type": body.contentType } : {}) },
        ...(body ? { payload: body.text } : {}),
      });
      return {
        status: res.statusCode,
        text: res.body,
        contentType: String(res.headers["content-type"] ?? ""),
      };
    };
  const json = (body: unknown) => ({ text: JSON.stringify(body), contentType: "application/json" });

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    for (const user of SEED_USERS) {
      const tenant = user.group.tenant_id;
      const token = await signIn(t.app, user.email, tenant);
      const profile = (await getProfile(t.app, token, tenant)).json().data.user;
      accounts.push({
        email: user.email,
        tenant,
        token,
        userId: profile.id,
        merged: mergePermissions(profile.UserGroups, tenant),
        send: sender(token),
      });
    }
    for (const account of accounts.filter((a) => a.merged.isAdmin)) {
      const made = new RecordFactory(t.app, account.token, registry, account.userId);
      if (account.tenant === 1) factory = made;
      bodies.set(account.tenant, new RecordBodies(account.send, made));
    }
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
  });

  it("covers the four demo accounts, each with a role; the table names declared kinds only", () => {
    const named = [
      "Order",
      "Customer",
      "CustomerAddress",
      "MailOrder",
      "PackingSlip",
      "UserPayment",
      "RefundApproval",
      "Run",
      "Site",
      "OrderSetting",
    ];
    for (const kind of named) expect(registry.byKind.has(kind as never), kind).toBe(true);
    expect(accounts.map((a) => a.email).sort()).toEqual(
      ["admin@other.test", "admin@pressroom.test", "csr@pressroom.test", "press@pressroom.test"].sort(),
    );
    for (const a of accounts) expect(Object.keys(a.merged.permissions).length, a.email).toBeGreaterThan(0);
  });

  const cases = SEED_USERS.flatMap((user) =>
    registry.models.map((model) => [user.email, model.kind, model] as [string, string, ResourceModel]),
  );

  it.each(cases)(
    "%s × %s: list, show, create, update, delete as the table says",
    async (email, _kind, model) => {
      const account = accounts.find((a) => a.email === email) as Account;
      const made = bodies.get(account.tenant) as RecordBodies;
      const owner = model.resource.ownerField;
      const owners: Owner[] = owner ? ["theirs", "others"] : ["others"];
      const path = model.resource.path;
      const mismatches: string[] = [];
      const record = (status: number, action: Action, who: Owner) => {
        seen.push({ email, kind: model.kind, action, owner: who, status });
        const want = expectedStatus(email, model.kind, action, who);
        if (status !== want) mismatches.push(`${action} (${who}'s record): ${status}, expected ${want}`);
      };

      const list = await account.send("GET", `${path}?limit=100`);
      record(list.status, "list", "others");
      if (list.status === 200 && owner && expectedStatus(email, model.kind, "show", "others") === 404) {
        for (const row of JSON.parse(list.text).data as Json[]) {
          if (row[owner] !== account.userId) mismatches.push(`list shows a record owned by ${row[owner]}`);
        }
      }

      const createBody = await made.body(model);
      if (owner && GRANTS[email](model.kind).Create === "own") createBody[owner] = account.userId;
      const created = await account.send("POST", path, json(createBody));
      record(created.status, "create", "theirs");
      if (created.status !== 201 && created.status !== 403)
        mismatches.push(`create said ${created.text.slice(0, 200)}`);

      for (const who of owners) {
        const give = (body: Json) => {
          if (owner) body[owner] = who === "theirs" ? account.userId : null;
        };
        // Someone else's: the tenant administrator's own record (owner left to default to them).
        const target = await made.create(model, who === "theirs" ? give : () => {});
        const url = `${path}/${target.id}`;
        record((await account.send("GET", url)).status, "show", who);
        const patch: Json = { version: target.version };
        const plain = plainField(model);
        if (plain) patch[plain[0]] = factory.value(plain[1], plain[0], factory.next(), 1);
        const updated = await account.send("PATCH", url, json(patch));
        record(updated.status, "update", who);
        if (![200, 403, 404].includes(updated.status))
          mismatches.push(`update said ${updated.text.slice(0, 200)}`);
        const removed = await account.send("DELETE", url);
        record(removed.status, "delete", who);
        if (![200, 403, 404].includes(removed.status))
          mismatches.push(`delete said ${removed.text.slice(0, 200)}`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  it("agrees with the app's route guards: a page the guard opens is never refused, one it closes is refused", () => {
    const statusOf = (email: string, kind: string, action: Action) =>
      seen.find(
        (s) =>
          s.email === email &&
          s.kind === kind &&
          s.action === action &&
          s.owner === (action === "create" ? "theirs" : "others"),
      )?.status;
    const looser: string[] = [];
    const stricter: string[] = [];
    let compared = 0;
    for (const account of accounts) {
      for (const resource of RESOURCES) {
        if (!registry.byKind.has(resource.kind)) continue;
        const routes = routesOf(resource);
        const pages: [string, string, Action][] = [
          // A part of another kind's records has no list page (its holder's page lists them).
          ...(resource.partOf ? [] : [[routes.list, "list", "list"] as [string, string, Action]]),
          [routes.show, "show", "show"],
          [routes.create, "create", "create"],
          [routes.edit, "edit", "update"],
          [routes.changeLogs, "show", "show"],
        ];
        for (const [route, verb, action] of pages) {
          const status = statusOf(account.email, resource.kind, action);
          if (status === undefined)
            throw new Error(`no answer recorded for ${account.email} ${resource.kind} ${action}`);
          const guard = isRouteAllowed(account.merged, { kind: resource.kind, action: verb, route });
          const server = status !== 403;
          compared += 1;
          const where = `${account.email} ${route} (${action}): guard ${guard ? "opens" : "closes"}, server ${status}`;
          if (guard && !server) looser.push(where);
          // Only the spec's route table may ask more than the server does (e.g. /orders needs Order ReadAny).
          if (!guard && server && tableRequirement(route) === undefined) stricter.push(where);
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
    expect(looser).toEqual([]);
    expect(stricter).toEqual([]);
  });
});
