import { defineSeed, type SeedRow } from "./define";

export const VENDOR_CATEGORIES: [string, string][] = [
  ["Paper merchants", "Sheet and roll paper, envelopes, cover and text stocks."],
  ["Trade printers", "Outsourced printing drop-shipped under our name."],
  ["Envelope converters", "Custom and printed envelopes."],
  ["Ink and consumables", "Inks, toner, plates, blankets, chemistry."],
  ["Outside finishing", "Foil, embossing, die-cutting and binding we do not do in house."],
  ["List brokers", "Rented mailing lists and data services."],
  ["Carriers", "Freight, parcel and courier services."],
  ["Equipment service", "Service contracts and parts for presses and finishing equipment."],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? VENDOR_CATEGORIES : VENDOR_CATEGORIES.slice(0, 2)).map(
      ([name, description]): SeedRow => ({ name, description }),
    ),
});
