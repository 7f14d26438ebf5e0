import { defineSeed, type SeedRow } from "./define";

const value = (label: string, code: string, price_delta = 0, is_default = false) => ({
  label,
  code,
  price_delta,
  multiplier: 1,
  is_default,
});

// The product options of the storefront.
const ATTRIBUTES: SeedRow[] = [
  {
    name: "Paper stock",
    code: "stock",
    input_type: "select",
    pricing_method: "price_delta",
    values: [
      value("14pt Gloss Cover", "14pt-gloss", 0, true),
      value("16pt Matte Cover", "16pt-matte", 6),
      value("100# Gloss Text", "100-gloss-text", -4),
      value("130# Uncoated Cover", "130-uncoated", 9),
    ],
    required: true,
    print_on_ticket: true,
    affects_gang: true,
  },
  {
    name: "Colors",
    code: "colors",
    input_type: "radio",
    pricing_method: "price_delta",
    values: [
      value("4/0 (front only)", "4-0", 0, true),
      value("4/4 (both sides)", "4-4", 8),
      value("1/0 black", "1-0", -5),
      // Two spot colours (the Acme envelopes' brand blue and grey), on one side.
      value("2/0 spot colours", "2-0", 4),
    ],
    required: true,
    print_on_ticket: true,
    affects_gang: true,
  },
  {
    name: "Coating",
    code: "coating",
    input_type: "select",
    pricing_method: "price_delta",
    values: [
      value("None", "none", 0, true),
      value("UV gloss front", "uv-front", 4),
      value("Aqueous", "aqueous", 2),
      value("Matte laminate", "matte-lam", 14),
    ],
    required: false,
    print_on_ticket: true,
    affects_gang: true,
  },
  {
    name: "Rounded corners",
    code: "round-corners",
    input_type: "checkbox",
    pricing_method: "price_delta",
    values: [value("Rounded corners", "yes", 5)],
    required: false,
    print_on_ticket: true,
    affects_gang: false,
  },
  {
    name: "Folding",
    code: "fold",
    input_type: "select",
    pricing_method: "price_delta",
    values: [
      value("No fold", "none", 0, true),
      value("Half fold", "half", 6),
      value("Tri-fold", "tri", 8),
      value("Z-fold", "z", 8),
    ],
    required: false,
    print_on_ticket: true,
    affects_gang: false,
  },
  {
    name: "Turnaround",
    code: "turnaround",
    input_type: "radio",
    pricing_method: "multiplier",
    values: [
      { label: "Standard (3–5 days)", code: "standard", price_delta: 0, multiplier: 1, is_default: true },
      { label: "Rush (2 days)", code: "rush", price_delta: 0, multiplier: 1.25, is_default: false },
      { label: "Next day", code: "next_day", price_delta: 0, multiplier: 1.5, is_default: false },
    ],
    required: true,
    print_on_ticket: true,
    affects_gang: false,
  },
  {
    name: "Drill holes",
    code: "drill",
    input_type: "select",
    pricing_method: "price_delta",
    values: [value("None", "none", 0, true), value("3-hole", "3-hole", 7)],
    required: false,
    print_on_ticket: true,
    affects_gang: false,
  },
  {
    name: "Proof instructions",
    code: "proof-note",
    input_type: "text",
    pricing_method: "none",
    values: [],
    required: false,
    print_on_ticket: false,
    affects_gang: false,
  },
];

export default defineSeed({
  rows: ({ full }) => (full ? ATTRIBUTES : ATTRIBUTES.slice(0, 2)),
});
