import { defineResource } from "../resource-engine/define";
import { datetime, json, secret, text } from "../resource-engine/fields";

// A key for machine callers (storefronts, hot folders). The secret is shown once, in the create
// answer; the server keeps its hash and the prefix that lets people tell keys apart.
export default defineResource({
  kind: "ApiKey",
  label: "API keys",
  icon: "key",
  group: "Administration",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    prefix: text({ readOnly: true, max: 16, searchable: true }),
    secret: secret("generated"),
    scopes: json({ help: '["orders:read", "orders:write", ...]' }),
    expires_at: datetime({ sortable: true }),
    revoked_at: datetime({ sortable: true, help: "Set to revoke the key at once" }),
    last_used_at: datetime({ readOnly: true, sortable: true }),
  },
  list: ["name", "prefix", "last_used_at", "expires_at", "revoked_at", "created_at"],
  sort: "name",
  form: [["name"], ["scopes"], ["expires_at", "revoked_at"]],
});
