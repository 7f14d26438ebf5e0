// A module resolve hook (node:module register) for the OpenAPI document test. openapi-typescript 7
// prints its types with the TypeScript compiler's JavaScript API (ts.factory), which TypeScript 7,
// the project's compiler, no longer ships (openapi-ts/openapi-typescript#2841). Its own imports of
// "typescript" are given TypeScript 6 (@typescript/typescript6) instead; nothing else changes.
export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/node_modules/openapi-typescript/")) {
    return next("@typescript/typescript6", context);
  }
  return next(specifier, context);
}
