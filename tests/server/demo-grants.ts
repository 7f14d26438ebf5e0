// What each demo account may do, per kind, written out by hand from the README's table of demo accounts and the
// seed's roles (server/db/seed.ts): the permission tests compare the server's answers with this, not with the merge
// and scope functions the server itself uses (src/access/permissions.ts), so a fault in those shows.
import type { Verb } from "../../src/access/permissions";

/** Which records of a kind an account may touch with each verb; a verb left out: none. */
export type Grant = Partial<Record<Verb, "all" | "own">>;
const EVERYTHING: Grant = { Read: "all", Create: "all", Update: "all", Delete: "all" };
const KEEPS: Grant = { Read: "all", Create: "all", Update: "all" };

// Customer service: orders of any owner, customers and their addresses, mail orders and packing slips; reads and
// enters payments; requests refunds (deciding them is a manager's).
const CUSTOMER_SERVICE: Record<string, Grant> = {
  Order: KEEPS,
  Customer: EVERYTHING,
  CustomerAddress: EVERYTHING,
  MailOrder: KEEPS,
  PackingSlip: KEEPS,
  UserPayment: { Read: "all", Create: "all" },
  RefundApproval: { Read: "all", Create: "all" },
};

// The press room: reads and updates runs; its own orders only. Reading the press boards (ProductionStation
// ReadPress) is not reading the stations.
const PRESS_ROOM: Record<string, Grant> = { Run: { Read: "all", Update: "all" }, Order: { Read: "own" } };

/** What each demo account may do, per kind (README "Demo accounts"); administrators everything in their tenant. */
export const GRANTS: Record<string, (kind: string) => Grant> = {
  "admin@pressroom.test": () => EVERYTHING,
  "admin@other.test": () => EVERYTHING,
  "csr@pressroom.test": (kind) => CUSTOMER_SERVICE[kind] ?? {},
  "press@pressroom.test": (kind) => PRESS_ROOM[kind] ?? {},
};

/** Kinds whose pages the spec opens to every signed-in user of the tenant (§6): sites and a site's order settings. */
export const OPEN_TO_READ = new Set(["Site", "OrderSetting"]);

/** The records of `kind` a demo account may touch with `verb`, by the table above. */
export function demoScope(email: string, kind: string, verb: Verb): "all" | "own" | "none" {
  if (verb === "Read" && OPEN_TO_READ.has(kind)) return "all";
  return GRANTS[email](kind)[verb] ?? "none";
}
