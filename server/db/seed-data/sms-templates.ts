import { defineSeed, ref, type SeedRow } from "./define";

// The texts customers get on order events (statuses that notify name theirs: statuses.ts).
// name, trigger, body; the corporate portal has its own wording for two of them.
const TEMPLATES: [string, string, string][] = [
  [
    "Order received",
    "order_received",
    "Hi {{customer_name}}, we have your order {{order_number}}. We will text you when your proof is ready.",
  ],
  [
    "Proof ready",
    "proof_ready",
    "Your proof for order {{order_number}} is ready: {{proof_url}}. Approve it to start printing.",
  ],
  ["Approved", "approved", "Thanks! Order {{order_number}} is approved and goes to press. Due {{due_date}}."],
  ["Order shipped", "shipped", "Order {{order_number}} has shipped. Track it here: {{tracking_url}}"],
  [
    "Payment due",
    "payment_due",
    "Order {{order_number}} has {{amount_due}} due. Pay securely at {{payment_url}}",
  ],
  [
    "Drop mailed",
    "drop_mailed",
    "Drop {{drop_no}} of mailing {{mail_order_number}} ({{quantity}} pieces) went to the post office today.",
  ],
];

const PORTAL: [string, string, string][] = [
  [
    "Acme: proof ready",
    "proof_ready",
    "Acme Brand Center: your proof for {{order_number}} is waiting for approval: {{proof_url}}",
  ],
  [
    "Acme: shipped",
    "shipped",
    "Acme Brand Center: {{order_number}} shipped to {{ship_to}}. Tracking: {{tracking_url}}",
  ],
];

export default defineSeed({
  rows: ({ full, keys }): SeedRow[] => {
    const portal = keys("Site").find((s) => s.includes("Portal"));
    const rows = (full ? TEMPLATES : TEMPLATES.slice(0, 2)).map(([name, trigger, body]) => ({
      name,
      trigger,
      site_id: null,
      body,
      active: true,
    }));
    if (!full || !portal) return rows;
    return [
      ...rows,
      ...PORTAL.map(([name, trigger, body], i) => ({
        name,
        trigger,
        site_id: ref("Site", portal),
        body,
        active: i === 0,
      })),
    ];
  },
});
