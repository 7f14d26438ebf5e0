import { afterAll, beforeAll, expect, it } from "vitest";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// An API key shows its secret once; afterwards only its prefix (the secret's first characters)
// tells it apart, and the secret reads as "set".
describeEachStore("API keys (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
  });
  afterAll(() => t?.dispose());

  it("answers the secret once and keeps its prefix", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/api-keys",
      headers: bearer(token),
      payload: { name: "Storefront sync" },
    });
    expect(created.statusCode).toBe(201);
    const { id, secret, prefix } = created.json().data;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(secret.slice(0, 8));
    const read = await t.app.inject({ method: "GET", url: `/api/v1/api-keys/${id}`, headers: bearer(token) });
    expect(read.json().data).toMatchObject({ id, prefix, secret: true });
    expect(read.body).not.toContain(secret);
  });
});
