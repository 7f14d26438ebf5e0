import { afterAll, beforeAll, expect, it } from "vitest";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// `content-type: application/json` with no bytes (some clients send the header on every request,
// DELETE included) is a request without a body: the delete goes through; a create, which needs a
// body, is refused by its body schema with the contract's 400, not a parse error.
describeEachStore("an empty JSON body (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  const json = { "content-type": "application/json" };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
  });
  afterAll(() => t?.dispose());

  it("is no body on DELETE: the record is deleted", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/vendor-categories",
      headers: bearer(token),
      payload: { name: "Empty-body delete" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;

    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/vendor-categories/${id}`,
      headers: { ...bearer(token), ...json },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id } });
    const after = await t.app.inject({
      method: "GET",
      url: `/api/v1/vendor-categories/${id}`,
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(404);
  });

  it("is still a clear 400 on a POST that needs a body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/vendor-categories",
      headers: { ...bearer(token), ...json },
      payload: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Validation failed",
      errors: [{ message: "The body must be a JSON object" }],
    });
  });

  it("does not make a body that is not JSON acceptable", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/vendor-categories",
      headers: { ...bearer(token), ...json },
      payload: " ",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Validation failed",
      errors: [{ message: "The body is not valid JSON" }],
    });
  });
});
