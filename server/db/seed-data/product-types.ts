import { defineSeed, type SeedRow } from "./define";

// name, pricing method, custom size, mail piece, large format
const TYPES: [string, string, boolean, boolean, boolean][] = [
  ["Business card", "tiers", false, false, false],
  ["Postcard", "tiers", true, true, false],
  ["Flyer", "tiers", true, false, false],
  ["Brochure", "matrix", false, false, false],
  ["Booklet", "formula", true, false, false],
  ["Letterhead", "tiers", false, false, false],
  ["Door hanger", "tiers", false, false, false],
  ["Letter", "matrix", false, true, false],
  ["Banner", "area", true, false, true],
  ["Label", "matrix", true, false, false],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? TYPES : TYPES.slice(0, 3)).map(
      ([name, pricing_method, custom_size, is_mail_piece, is_large_format]): SeedRow => ({
        name,
        pricing_method,
        custom_size,
        is_mail_piece,
        is_large_format,
      }),
    ),
});
