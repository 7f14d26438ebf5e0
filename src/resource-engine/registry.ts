// Every declared resource kind, found by file: a new kind needs only its file in src/resources/.
// Vite and Vitest resolve the glob at build time; the server loads the same folder (server/resources/declarations.ts).
import type { ResourceKind } from "../access/kinds";
import type { Resource } from "./define";

const modules = import.meta.glob<{ default: Resource }>("../resources/*.ts", { eager: true });

export const RESOURCES: Resource[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.label.localeCompare(b.label));

const byKind = new Map(RESOURCES.map((r) => [r.kind, r]));

export function resourceOf(kind: ResourceKind): Resource | undefined {
  return byKind.get(kind);
}
