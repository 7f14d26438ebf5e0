import { describe, expect, it } from "vitest";
import { e164, renderTemplate, segmentsOf, trackingUrl } from "../../../src/custom/tools/sms-merge";

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
      "Due {{due_date}}; proof {{proof_link}} {{proof_link}}; {{ Amount }}",
      { due_date: null },
      {
        text: "Due ; proof {{proof_link}} {{proof_link}}; {{ Amount }}",
        unknown: ["{{proof_link}}", "{{Amount}}"],
        empty: ["due_date"],
      },
    ],
    ["{{amount_due}}{{amount_due}}", { amount_due: "" }, { text: "", unknown: [], empty: ["amount_due"] }],
    [
      "Drop {{drop_no}} of mailing {{mail_order_number}} ({{quantity}} pieces) went to the post office today.",
      { drop_no: "2", mail_order_number: "MO-30007", quantity: "2,500" },
      {
        text: "Drop 2 of mailing MO-30007 (2,500 pieces) went to the post office today.",
        unknown: [],
        empty: [],
      },
    ],
    [
      "Drop {{drop_no}} ({{quantity}}) of {{mail_order_number}}",
      { mail_order_number: "MO-30007", drop_no: null, quantity: null },
      { text: "Drop  () of MO-30007", unknown: [], empty: ["drop_no", "quantity"] },
    ],
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

describe("tracking links", () => {
  it.each([
    ["ups", "1Z999AA10123456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["fedex", "7712 3456 7890", "https://www.fedex.com/fedextrack/?trknbr=7712%203456%207890"],
    [
      "usps",
      "9400111899223100000000",
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100000000",
    ],
    ["freight", "PRO-55120", "PRO-55120"],
    [null, "ABC", "ABC"],
  ])("%s %s → %s", (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });
});
