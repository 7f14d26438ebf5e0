import { defineSeed, ref, type SeedRow } from "./define";
import { staffOf } from "./staff";

// Each storefront's order settings and their steps, from checkout to production: the retail
// shop takes payment and sends proofs, the corporate portal has an approver sign off and charges
// a cost centre, the realty hub confirms reorders at once. A site the list does not name (a new
// tenant's) gets the retail pair. Approvers are the tenant's admin (who approves, staff.ts) or
// its CSR.

type Who = "admin" | "csr" | null;
type Step = [
  name: string,
  kind: string,
  who: Who,
  required: boolean,
  dueHours: number | null,
  instructions: string,
];

interface Setting {
  name: string;
  applies_to: string;
  approval_required: boolean;
  min_order_amount?: number;
  max_order_amount?: number;
  approval_threshold?: number;
  approval_days?: number;
  notes?: string;
  steps: Step[];
}

const RETAIL: Setting[] = [
  {
    name: "Standard checkout",
    applies_to: "print",
    approval_required: false,
    min_order_amount: 25,
    max_order_amount: 5000,
    steps: [
      ["Review the cart", "review", null, true, null, "Check quantities, sizes and the ship-to address."],
      ["Pay by card", "pay", null, true, null, "Card payments are captured when the proof is approved."],
      [
        "Approve the proof",
        "proof",
        "csr",
        true,
        48,
        "Send the PDF proof; the buyer approves or asks for changes.",
      ],
      ["Confirm the order", "confirm", null, true, 2, "E-mail the confirmation with the due date."],
    ],
  },
  {
    name: "Mailings",
    applies_to: "mail",
    approval_required: true,
    min_order_amount: 250,
    approval_threshold: 2500,
    approval_days: 2,
    notes: "Postage is paid before the drop date; lists go through CASS/NCOA first.",
    steps: [
      ["Review the list", "review", "csr", true, 24, "Check the list counts and the mail class."],
      ["Approve the mail piece", "proof", "csr", true, 48, "Proof of the piece with a sample address block."],
      [
        "Approve the postage",
        "approve",
        "admin",
        true,
        24,
        "Orders over the threshold need the manager's approval.",
      ],
      ["Pay the postage", "pay", null, true, null, "Postage is due in full before the drop."],
      [
        "Confirm the drop dates",
        "confirm",
        null,
        false,
        null,
        "Tell the buyer when each drop enters the mail.",
      ],
    ],
  },
];

const BY_SITE: Record<string, Setting[]> = {
  "Pressroom Demo Storefront": RETAIL,
  "Acme Corporate Portal": [
    {
      name: "Approval and charge code",
      applies_to: "all",
      approval_required: true,
      approval_threshold: 0,
      approval_days: 3,
      max_order_amount: 20000,
      notes: "Every order needs a charge code; the marketing approver signs off before production.",
      steps: [
        ["Pick a charge code", "review", null, true, null, "The buyer picks one of Acme's cost centres."],
        ["Manager approval", "approve", "admin", true, 24, "Acme's approver accepts or returns the order."],
        ["Approve the proof", "proof", "csr", true, 48, "Brand check against Acme's guidelines."],
        ["Confirm the order", "confirm", null, true, 4, "Confirmation to the buyer and the approver."],
      ],
    },
    {
      name: "Reorders of approved items",
      applies_to: "reorder",
      approval_required: false,
      max_order_amount: 2500,
      steps: [
        ["Pick a charge code", "review", null, true, null, "Reorders keep the approved artwork."],
        ["Confirm the order", "confirm", null, true, 2, "No proof: the artwork was approved before."],
        ["Invoice the cost centre", "pay", null, true, null, "Billed on account to the charge code."],
      ],
    },
  ],
  "Realty Print Hub": [
    {
      name: "Agent checkout",
      applies_to: "print",
      approval_required: false,
      min_order_amount: 15,
      steps: [
        ["Review the cart", "review", null, true, null, "Agents check their contact details on every piece."],
        ["Approve the proof", "proof", null, true, 24, "An instant online proof; the agent approves it."],
        ["Pay or bill the office", "pay", null, true, null, "Card, or on account for offices with terms."],
      ],
    },
    {
      name: "Just listed / just sold mailings",
      applies_to: "mail",
      approval_required: true,
      approval_threshold: 1000,
      approval_days: 1,
      steps: [
        ["Pick the farm area", "review", "csr", true, 24, "EDDM routes around the listing."],
        ["Approve the postcard", "proof", null, true, 24, "Listing photo and price on the front."],
        [
          "Office approval",
          "approve",
          "admin",
          false,
          24,
          "Large mailings are approved by the office manager.",
        ],
        ["Pay the postage", "pay", null, true, null, "Postage is paid before the drop."],
      ],
    },
  ],
};

export default defineSeed({
  rows: ({ keys }) => {
    const staff = staffOf(keys("User"));
    const who = (role: Who) => (role && staff[role] ? ref("User", staff[role] as string) : null);
    const out: SeedRow[] = [];
    for (const site of keys("Site")) {
      for (const setting of BY_SITE[site] ?? RETAIL) {
        const { steps, ...values } = setting;
        out.push({
          ...values,
          // Keyed by site and name: every retail site has a "Standard checkout".
          $key: `${site} / ${setting.name}`,
          site_id: ref("Site", site),
          active: true,
          steps: steps.map(([name, kind, role, required, due_hours, instructions]) => ({
            name,
            kind,
            approver_id: who(role),
            required,
            due_hours,
            instructions,
          })),
        });
      }
    }
    return out;
  },
});
