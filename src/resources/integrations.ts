import { defineResource } from "../resource-engine/define";
import { boolean, choice, datetime, json, secret, text } from "../resource-engine/fields";

// A connection to an outside system. Credentials are write-only: after saving, answers only say
// whether they are set.
export default defineResource({
  kind: "Integration",
  icon: "api",
  group: "Administration",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    kind: choice(
      [
        { value: "four_over", label: "4over" },
        { value: "avanti", label: "Avanti Slingshot" },
        { value: "usps", label: "USPS" },
        "carrier",
        "payment",
        { value: "sms", label: "SMS" },
        "storefront",
        "hot_folder",
      ],
      { required: true, filter: true, sortable: true },
    ),
    mode: choice(
      [
        { value: "test", color: "orange" },
        { value: "live", color: "green" },
      ],
      {
        required: true,
        default: "test",
        filter: true,
      },
    ),
    credentials: secret("writeOnly", { help: "API key, or JSON such as { client_id, client_secret }" }),
    settings: json(),
    active: boolean({ default: true, filter: true }),
    // Kept by the sync jobs.
    last_sync_at: datetime({ readOnly: true, sortable: true }),
    sync_status: choice(
      [
        { value: "never" },
        { value: "ok", label: "OK", color: "green" },
        { value: "running", color: "blue" },
        { value: "failed", color: "red" },
      ],
      { readOnly: true, default: "never", filter: true },
    ),
  },
  list: ["name", "kind", "mode", "active", "last_sync_at", "sync_status"],
  sort: "name",
  form: [["name", "kind", "mode"], ["credentials"], ["settings"], ["active"]],
});
