// src/access is imported by the server (tsx, Node) and the app: no React, no DOM, no network (components that show
// access, such as components/permission-notice.tsx, live elsewhere).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ACCESS_DIR = join(__dirname, "../../../src/access");
const files = readdirSync(ACCESS_DIR).filter((name) => name.endsWith(".ts"));
const PROVIDER = join(__dirname, "../../../src/providers/access-control.ts");

describe("purity of src/access", () => {
  it("has its five modules", () => {
    expect(files.sort()).toEqual([
      "catalogue.ts",
      "kinds.ts",
      "live-subjects.ts",
      "permissions.ts",
      "route-requirements.ts",
    ]);
  });

  it.each(files.map((name) => [name]))("%s imports only its siblings and uses no DOM", (name) => {
    const source = readFileSync(join(ACCESS_DIR, name), "utf8");
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    for (const target of imports) expect(target).toMatch(/^\.\/[a-z-]+$/);
    expect(source).not.toMatch(/\b(window|document|localStorage|fetch|XMLHttpRequest)\b/);
  });

  it("the provider imports no http client", () => {
    const source = readFileSync(PROVIDER, "utf8");
    const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    expect(imports.sort()).toEqual([
      "../access/catalogue",
      "../access/kinds",
      "../access/permissions",
      "../access/route-requirements",
      "@refinedev/core",
    ]);
    expect(source).not.toMatch(/\b(fetch|axios|XMLHttpRequest)\s*[.(]/);
  });
});
