import { register } from "node:module";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

// The published OpenAPI document (/api/v1/openapi.json) as a client generator reads it: valid for
// a maintained validator, every $ref pointing at a component that exists, and turned into
// TypeScript types by openapi-typescript. The document does not depend on the store, so PGlite
// alone serves it.

register("./openapi-typescript-hook.mjs", import.meta.url);

/** The document's size bound: 1.35 MB when the issue was filed, about 1.16 MB since the error answer is one component. */
const MAX_DOCUMENT_BYTES = 1_350_000;

describe("the OpenAPI document", () => {
  let t: TestApp;
  let body: string;
  let doc: Record<string, unknown> & { components: { schemas: Record<string, unknown> } };

  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.app.ready();
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    body = res.body;
    doc = JSON.parse(body);
  });
  afterAll(() => t?.dispose());

  it("passes a maintained OpenAPI validator (@readme/openapi-parser)", async () => {
    // validate() dereferences, so it gets its own copy.
    const result = await validate(JSON.parse(body));
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(result.specification).toBe("OpenAPI");
  });

  it("refers only to components that exist", () => {
    const refs = [...body.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    // Each kind's record, the shared JSON value and the error answer at least.
    expect(refs.length).toBeGreaterThan(100);
    const dangling = [...new Set(refs)].filter((ref) => {
      const name = ref.match(/^#\/components\/schemas\/([A-Za-z0-9_]+)$/)?.[1];
      return !name || !(name in doc.components.schemas);
    });
    expect(dangling).toEqual([]);
    expect(doc.components.schemas).toHaveProperty("JsonValue");
    expect(doc.components.schemas).toHaveProperty("ErrorAnswer");
    expect(doc.components.schemas).not.toHaveProperty("__shared");
  });

  it("stays a reasonable size", () => {
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_DOCUMENT_BYTES);
  });

  it("generates TypeScript types with openapi-typescript", async () => {
    const { default: openapiTS, astToString } = await import("openapi-typescript");
    const types = astToString(await openapiTS(JSON.parse(body)));
    // A kind's list and single-record paths, with their operations.
    const list = types.match(/\n {4}"\/api\/v1\/products": \{\n([\s\S]*?)\n {4}\};/)?.[1] ?? "";
    expect(list).toMatch(/\n {8}get: \{\n {12}parameters: \{\n {16}query\?: \{[\s\S]*?\bpage\?: string;/);
    expect(list).toMatch(/\n {8}post: \{/);
    expect(types).toContain('\n    "/api/v1/products/{id}": {');
    // A kind's record schema as a type with its fields, and the shared shapes.
    const product = types.match(/\n {8}Product: \{\n([\s\S]*?)\n {8}\};/)?.[1] ?? "";
    expect(product).toMatch(/\bid: number;/);
    expect(product).toMatch(/\bsku: string \| null;/);
    expect(product).toMatch(/\bversion: number;/);
    expect(types).toMatch(/\n {8}ErrorAnswer: \{\n {12}message: string;/);
    // "Any JSON" is unknown, not a type that refers to itself (which TypeScript refuses, TS2502).
    expect(types).toMatch(/\n {8}JsonValue: unknown;/);
  });
});
