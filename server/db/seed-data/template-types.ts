import { defineSeed, type SeedRow } from "./define";

// name, editor, variable data, address block
const TYPES: [string, string, boolean, boolean][] = [
  ["Static", "none", false, false],
  ["Fill-in", "form", false, false],
  ["Variable data", "designer", true, false],
  ["Upload", "upload", false, false],
  ["Mail piece", "designer", true, true],
  ["EDDM", "designer", false, true],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? TYPES : TYPES.slice(0, 2)).map(
      ([name, editor_kind, supports_variable_data, has_address_block]): SeedRow => ({
        name,
        editor_kind,
        supports_variable_data,
        has_address_block,
      }),
    ),
});
