// Shared set-up of the administration tests (tests/server/admin-*.test.ts): a fresh seeded app,
// a session for each seeded account, the seeded ids looked up by name, and a small client.
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { groups, roles, sites, users } from "../../server/db/schema";
import { bearer, createTestApp, type DatabaseKind, signIn, type TestApp } from "./helpers";

export type Account = "admin" | "csr" | "press" | "other";

export const ACCOUNTS: Record<Account, { email: string; tenantId: number }> = {
  admin: { email: "admin@pressroom.test", tenantId: 1 },
  csr: { email: "csr@pressroom.test", tenantId: 1 },
  press: { email: "press@pressroom.test", tenantId: 1 },
  other: { email: "admin@other.test", tenantId: 2 },
};

export interface Seeded {
  users: Record<Account, number>;
  groups: { admins: number; csr: number; press: number; otherAdmins: number };
  roles: { administrator: number; csr: number; press: number; otherAdministrator: number };
  sites: { tenant1: number[]; tenant2: number[] };
}

export interface Client {
  get(url: string, query?: Record<string, string>): Promise<Answer>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  patch(url: string, body: unknown): Promise<Answer>;
  delete(url: string): Promise<Answer>;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

export function client(app: FastifyInstance, token?: string): Client {
  const send = async (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    query?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await app.inject({
      method,
      url: `/api/v1/${url}`,
      query,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url, query) => send("GET", url, undefined, query),
    post: (url, body, headers) => send("POST", url, body, undefined, headers),
    patch: (url, body) => send("PATCH", url, body),
    delete: (url) => send("DELETE", url),
  };
}

export interface AdminFixture {
  t: TestApp;
  app: FastifyInstance;
  tokens: Record<Account, string>;
  as: Record<Account, Client>;
  anonymous: Client;
  seeded: Seeded;
  signIn(account: Account): Promise<string>;
  dispose(): Promise<void>;
}

export async function adminFixture(kind: DatabaseKind): Promise<AdminFixture> {
  const t = await createTestApp(kind);
  await t.app.ready();
  const db = t.database.db;
  const tokens = {} as Record<Account, string>;
  const as = {} as Record<Account, Client>;
  for (const [account, { email, tenantId }] of Object.entries(ACCOUNTS) as [
    Account,
    { email: string; tenantId: number },
  ][]) {
    tokens[account] = await signIn(t.app, email, tenantId);
    as[account] = client(t.app, tokens[account]);
  }
  const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0].id;
  const groupId = async (tenantId: number, name: string) =>
    (
      await db
        .select()
        .from(groups)
        .where(and(eq(groups.tenant_id, tenantId), eq(groups.name, name)))
    )[0].id;
  const roleId = async (tenantId: number, name: string) =>
    (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenant_id, tenantId), eq(roles.name, name)))
    )[0].id;
  const siteIds = async (tenantId: number) =>
    (await db.select().from(sites).where(eq(sites.tenant_id, tenantId)))
      .map((s) => s.id)
      .sort((a, b) => a - b);

  const seeded: Seeded = {
    users: {
      admin: await userId(ACCOUNTS.admin.email),
      csr: await userId(ACCOUNTS.csr.email),
      press: await userId(ACCOUNTS.press.email),
      other: await userId(ACCOUNTS.other.email),
    },
    groups: {
      admins: await groupId(1, "Administrators"),
      csr: await groupId(1, "Customer service"),
      press: await groupId(1, "Press room"),
      otherAdmins: await groupId(2, "Administrators"),
    },
    roles: {
      administrator: await roleId(1, "Administrator"),
      csr: await roleId(1, "Customer service"),
      press: await roleId(1, "Press room"),
      otherAdministrator: await roleId(2, "Administrator"),
    },
    sites: { tenant1: await siteIds(1), tenant2: await siteIds(2) },
  };
  return {
    t,
    app: t.app,
    tokens,
    as,
    anonymous: client(t.app),
    seeded,
    signIn: (account) => signIn(t.app, ACCOUNTS[account].email, ACCOUNTS[account].tenantId),
    dispose: () => t.dispose(),
  };
}
