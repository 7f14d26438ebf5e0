import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hasAnyOwn } from "../../src/access/catalogue";
import type { Resource } from "../../src/resource-engine/define";
import { validateResources } from "../../src/resource-engine/validate";

// Every declared resource kind, for the server. The app finds the declarations with Vite's
// import.meta.glob (src/resource-engine/registry.ts), which tsx cannot run; here the same folder
// is listed with fs and each file imported. A declaration that fails the validation pass stops
// the start with every problem listed, rather than serving a half-working API.

export const DECLARATIONS_DIR = fileURLToPath(new URL("../../src/resources/", import.meta.url));

export class DeclarationError extends Error {
  constructor(readonly problems: string[]) {
    super(`The resource declarations in src/resources have problems:\n  ${problems.join("\n  ")}`);
  }
}

function isResource(value: unknown): value is Resource {
  const r = value as Partial<Resource> | null;
  return typeof r === "object" && r !== null && typeof r.kind === "string" && typeof r.fields === "object";
}

/** The declaration files of a folder: *.ts, not tests, not type declarations. */
export function declarationFiles(dir = DECLARATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !/\.(test|spec)\.ts$/.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Server-side checks the app does not need: every kind with Any/Own actions names its owner column. */
function serverProblems(resources: Resource[]): string[] {
  const problems: string[] = [];
  for (const r of resources) {
    if (hasAnyOwn(r.kind) && !r.ownerField) {
      problems.push(
        `${r.kind}: has Any/Own actions, so it needs an ownerField (the caller's user id column)`,
      );
    }
  }
  return problems;
}

/** Imports and validates every declaration of `dir`; throws DeclarationError listing all problems. */
export async function importDeclarations(dir = DECLARATIONS_DIR): Promise<Resource[]> {
  const problems: string[] = [];
  const resources: Resource[] = [];
  for (const file of declarationFiles(dir)) {
    const name = path.basename(file);
    try {
      const module = (await (dir === DECLARATIONS_DIR
        ? // A template import of this folder, so that the server's bundle (scripts/build-server.mjs) carries it.
          import(`../../src/resources/${name}`)
        : import(pathToFileURL(file).href))) as { default?: unknown };
      if (isResource(module.default)) resources.push(module.default);
      else problems.push(`${name}: no default export of defineResource(...)`);
    } catch (error) {
      problems.push(`${name}: cannot be loaded (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  problems.push(...validateResources(resources), ...serverProblems(resources));
  if (problems.length > 0) throw new DeclarationError(problems);
  return resources.sort((a, b) => a.kind.localeCompare(b.kind));
}

let loaded: Promise<Resource[]> | undefined;

/** The declarations of src/resources, imported once per process. */
export function loadDeclarations(): Promise<Resource[]> {
  loaded ??= importDeclarations().catch((error: unknown) => {
    loaded = undefined; // a fixed file can be loaded again
    throw error;
  });
  return loaded;
}
