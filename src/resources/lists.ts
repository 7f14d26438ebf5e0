import { defineResource } from "../resource-engine/define";
import { choice, date, datetime, integer, NOW, reference, text } from "../resource-engine/fields";

const count = (label: string) => integer({ label, min: 0, max: 100_000_000, default: 0 });

// A mailing list: uploaded, rented or bought as EDDM saturation, then mapped, CASS- and NCOA-
// processed and deduplicated before a mail order uses it.
export default defineResource({
  kind: "List",
  label: "Mailing lists",
  singular: "Mailing list",
  icon: "unordered-list",
  group: "Direct mail",
  pages: "routes",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    customer_id: reference("Customer", { filter: true }),
    source: choice(
      [
        "uploaded",
        "rented",
        { value: "eddm_saturation", label: "EDDM saturation" },
        { value: "crm_feed", label: "CRM feed" },
        "automated_campaign",
      ],
      { required: true, default: "uploaded", filter: true },
    ),
    map_id: reference("Map", { label: "Field map", onDelete: "setNull" }),
    list_kind: choice(["static", "rolling"], { label: "Kind", default: "static", filter: true }),
    dedupe_rule: choice(["individual", "household", "address"], { default: "household" }),
    record_count: count("Records"),
    valid_count: count("Valid"),
    undeliverable_count: count("Undeliverable"),
    duplicate_count: count("Duplicates"),
    ncoa_move_count: count("NCOA moves"),
    cass_at: datetime({ label: "CASS run at", notAfter: NOW }),
    ncoa_at: datetime({ label: "NCOA run at", notAfter: NOW }),
    expires_at: date({ label: "Expires on", sortable: true, filter: true }),
    status: choice(
      [
        { value: "uploaded" },
        { value: "mapped", color: "blue" },
        { value: "processing", color: "orange" },
        { value: "processed", color: "cyan" },
        { value: "approved", color: "green" },
        { value: "in_use", color: "geekblue" },
        { value: "archived" },
        { value: "failed", color: "red" },
      ],
      {
        required: true,
        default: "uploaded",
        filter: true,
        // A failed or re-mapped list goes round again; an approved one can be retired unused.
        transitions: {
          uploaded: ["mapped", "failed"],
          mapped: ["processing", "uploaded"],
          processing: ["processed", "failed"],
          processed: ["approved", "mapped"],
          approved: ["in_use", "archived"],
          in_use: ["archived"],
          failed: ["uploaded", "mapped"],
        },
      },
    ),
  },
  list: ["name", "customer_id", "source", "record_count", "status", "updated_at"],
  sort: "name",
  form: [
    ["name", "customer_id", "status"],
    ["source", "list_kind", "map_id"],
    ["dedupe_rule", "expires_at"],
    ["record_count", "valid_count", "undeliverable_count"],
    ["duplicate_count", "ncoa_move_count"],
    ["cass_at", "ncoa_at"],
  ],
});
