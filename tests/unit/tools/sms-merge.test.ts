import { describe, expect, it } from "vitest";
import { e164, renderTemplate, segmentsOf } from "../../../src/custom/tools/sms-merge";

// SMS merge tags: rendered from an order's values, unknown tags left as written and reported, empty
// ones reported; numbers brought to E.164; the segments a text takes.

describe("SMS merge tags", () => {
  it.each([
    [
      "Hi {{customer_name}}, {{ order_number }} is {{status}}.",
      { customer_name: "Acme", order_number: "ORD-100001", status: "Approved" },
      { text: "Hi Acme, ORD-100001 is Approved.", unknown: [], empty: [] },
    ],
    [
      "Due {{due_date}}; proof {{proof_url}} {{proof_url}}; {{ Amount }}",
      { due_date: null },
      {
        text: "Due ; proof {{proof_url}} {{proof_url}}; {{ Amount }}",
        unknown: ["{{proof_url}}", "{{Amount}}"],
        empty: ["due_date"],
      },
    ],
    ["{{amount_due}}{{amount_due}}", { amount_due: "" }, { text: "", unknown: [], empty: ["amount_due"] }],
  ])("%s", (body, values, expected) => {
    expect(renderTemplate(body, values)).toMatchObject(expected);
  });

  it.each([
    ["(217) 555-0142", "+12175550142"],
    ["1-217-555-0142", "+12175550142"],
    ["+44 20 7946 0958", "+442079460958"],
    ["555-0142", null],
    ["call me", null],
    ["+0 123 456 789", null],
  ])("e164(%s) = %s", (raw, expected) => {
    expect(e164(raw)).toBe(expected);
  });

  it.each([
    ["", 0],
    ["a".repeat(160), 1],
    ["a".repeat(161), 2],
    ["a".repeat(306), 2],
    ["a".repeat(307), 3],
    ["é".repeat(160), 1],
    ["✓".repeat(70), 1],
    ["✓".repeat(71), 2],
  ])("segments of %#", (text, expected) => {
    expect(segmentsOf(text)).toBe(expected);
  });
});
