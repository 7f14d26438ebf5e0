import { defineSeed, ref, type SeedRow } from "./define";

// The steps each template offers its buyer, in order: personalise what can be, see a proof,
// approve it, order; mail pieces go on to schedule a mailing, fixed designs can be downloaded.
export default defineSeed({
  rows: ({ rows }) => {
    const out: SeedRow[] = [];
    for (const template of rows("Template")) {
      const type = (template.template_type_id as { key: string }).key;
      const editable = (template.editable_fields as unknown[]).length > 0;
      const steps: [string, string, Record<string, unknown> | null][] = [];
      if (editable) steps.push(["personalize", "Personalize", { autosave: true }]);
      steps.push(["proof", "See your proof", { proof_watermark: "PROOF – NOT FOR PRINT" }]);
      if (template.requires_approval) steps.push(["approve", "Approve proof", { require_initials: true }]);
      steps.push(["order", "Add to cart", null]);
      if (type === "Mail piece" || type === "EDDM") {
        steps.push(["schedule_mailing", "Schedule a mailing", { max_drops: 4, lead_days: 5 }]);
      }
      if (type === "Static" || type === "Upload")
        steps.push(["render_pdf", "Download PDF", { resolution_dpi: 300 }]);
      steps.forEach(([action_type, label, config], i) => {
        out.push({
          template_id: ref("Template", String(template.name)),
          action_type,
          label,
          sort_order: (i + 1) * 10,
          enabled: template.status !== "archived",
          config,
        });
      });
    }
    return out;
  },
});
