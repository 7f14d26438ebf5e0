import { describe, expect, it } from "vitest";
import { fourOverHost, fourOverSignature, refusal } from "../../server/tools/four-over";
import { chooseJob } from "../../server/tools/four-over-job";
import { parseFourOverFilters } from "../../src/custom/tools/four-over-api";

// 4over's request signature (its "API Key Authentication" page): HMAC-SHA256 of the HTTP method keyed with the
// hex SHA-256 of the private key. The expected values were computed apart, with OpenSSL:
//   K=$(printf '%s' 'test-private-key' | openssl dgst -sha256 -r | cut -d' ' -f1)
//   printf '%s' GET | openssl dgst -sha256 -mac HMAC -macopt key:$K
describe("4over signature", () => {
  it("signs each method with the private key's SHA-256 as the HMAC key", () => {
    expect(fourOverSignature("GET", "test-private-key")).toBe(
      "8aff471948e2f09ca879a1f4c3de8accb192226073a35d1398869fc083bdffd5",
    );
    expect(fourOverSignature("POST", "test-private-key")).toBe(
      "3ef76ddab39999b5eecb42c9e8ba77be5adb0fc63f0d3d3966a3fa4e9504658d",
    );
    expect(fourOverSignature("delete", "test-private-key")).toBe(
      "9bc51ae102ab4fee49d34057d7e8b3cdfd968891b50a6624e7db8cf95fc9d3ea",
    );
  });

  it("turns 4over's error bodies into one sentence", () => {
    expect(refusal(400, { status: "error", message: "Invalid zipcode" })).toBe(
      "4over refused the request (400): Invalid zipcode",
    );
    expect(refusal(422, { errors: { ship_to: ["Phone is required"], shipper: "Unknown code" } })).toBe(
      "4over refused the request (422): Phone is required; Unknown code",
    );
    expect(refusal(500, null)).toBe("4over refused the request (500): HTTP 500");
  });
});

describe("choosing the 4over job of an item", () => {
  const groups = [
    {
      product_option_group_name: "Runsize",
      options: [
        { option_uuid: "r1", option_name: "1,000" },
        { option_uuid: "r5", option_name: "5,000" },
      ],
    },
    { product_option_group_name: "Colorspec", options: [{ option_uuid: "c1", option_name: "4/0" }] },
    { product_option_group_name: "Coating", options: [{ option_uuid: "uv", option_name: "UV Front" }] },
  ];
  const maps = [
    { source_key: "coat:uv", target_key: "UV Front" },
    { source_key: "colors:4-0", target_key: "4/0" },
  ];

  it("matches quantity, colours and mapped options (the colours option once), and lists the options not sent", () => {
    const result = chooseJob(
      { sku: "X", quantity: 5000, color_spec: "4/0", options: { colors: "4-0", coat: "uv", fold: "half" } },
      "p",
      maps,
      groups,
    );
    expect(result).toEqual({
      ok: true,
      job: {
        choice: {
          product_uuid: "p",
          runsize_uuid: "r5",
          colorspec_uuid: "c1",
          turnaround_uuid: null,
          option_uuids: ["uv"],
        },
        chosen: [
          { group: "Runsize", option: "5,000" },
          { group: "Colorspec", option: "4/0" },
          { group: "Coating", option: "UV Front" },
        ],
        unmapped: ["fold: half"],
      },
    });
  });

  it("says which quantities and colours 4over offers when the item's are not among them", () => {
    expect(
      chooseJob({ sku: "X", quantity: 2500, color_spec: "4/4", options: null }, "p", maps, groups),
    ).toEqual({
      ok: false,
      problems: [
        "4over prints this product in runs of 1,000, 5,000: change the item's quantity (2,500) to one of them",
        "4over does not print this product in 4/4 (it offers 4/0): change the item's colours",
      ],
    });
  });
});

describe("the 4over list's filters in the address", () => {
  it("keeps a known state and a trimmed search, and drops anything else", () => {
    expect(parseFourOverFilters(new URLSearchParams("state=sent&q=%20ORD-100123%20"))).toEqual({
      state: "sent",
      q: "ORD-100123",
    });
    expect(parseFourOverFilters(new URLSearchParams("state=everything&q="))).toEqual({});
  });
});

describe("4over's API address from an integration's settings", () => {
  it.each([
    ["https://api.4over.com", "https://api.4over.com"],
    ["https://sandbox-api.4over.com/", "https://sandbox-api.4over.com"],
    ["http://api.4over.com", undefined],
    ["https://api.4over.com:8443", undefined],
    ["https://169.254.169.254/latest", undefined],
    ["https://api.4over.com.evil.test", undefined],
    ["not a url", undefined],
    [undefined, undefined],
  ])("%s → %s", (url, expected) => {
    expect(fourOverHost(url)).toBe(expected);
  });
});
