import { defineSeed, ref, type SeedRow } from "./define";

// The buttons each product shows its buyers, in order: start from a design or upload files,
// reorder; mailable products add a mailing, big jobs ask for a quote, and products a trade
// printer makes can be sent to 4over by staff.
export default defineSeed({
  rows: ({ rows }) => {
    const out: SeedRow[] = [];
    for (const product of rows("Product")) {
      const type = (product.product_type_id as { key: string }).key;
      const steps: [string, string, Record<string, unknown> | null, boolean][] = [];
      if ((product.template_ids as unknown[]).length > 0) {
        steps.push(["choose_template", "Choose a design", { show_categories: true }, true]);
        steps.push(["design_online", "Design online", { editor: "pressroom-demo" }, true]);
      }
      steps.push([
        "upload_artwork",
        "Upload your files",
        { allowed_file_types: ["pdf", "ai", "eps", "jpg", "png"], max_mb: 250 },
        true,
      ]);
      if (product.mailable)
        steps.push(["add_mailing", "Add a mailing", { eddm: product.mail_shape === "flat" }, true]);
      if (type === "Booklet" || type === "Banner") {
        steps.push(["request_quote", "Request a quote", { notify: "estimating@pressroom.test" }, true]);
      }
      steps.push(["reorder", "Reorder", null, true]);
      if (product.outsource_vendor_id)
        steps.push(["send_to_four_over", "Send to 4over", { auto: false }, false]);
      steps.forEach(([action_type, label, config, enabled], i) => {
        out.push({
          product_id: ref("Product", String(product.sku)),
          action_type,
          label,
          sort_order: (i + 1) * 10,
          enabled: enabled && product.active !== false,
          config,
        });
      });
    }
    return out;
  },
});
