// qs ships no types of its own; the router binding and the tests use two functions.
declare module "qs" {
  export function parse(text: string, options?: Record<string, unknown>): Record<string, unknown>;
  export function stringify(value: unknown, options?: Record<string, unknown>): string;
  const qs: { parse: typeof parse; stringify: typeof stringify };
  export default qs;
}
