import { SMALL_SHOP_TEMPLATES, siteOf, slug, TEMPLATES } from "./catalog";
import { defineSeed, ref, type SeedRow } from "./define";
import { staffOf } from "./staff";
import { templateCategoryKey } from "./template-categories";

// The designs of each site (catalog.ts); files live in the shop's file bucket, designs in the
// external design editor.
const FILES = "https://files.pressroom.test/templates";

export default defineSeed({
  rows: ({ full, keys, random }) => {
    const sites = keys("Site");
    const categories = new Set(keys("TemplateCategory"));
    const owner = staffOf(keys("User")).admin;
    return (full ? TEMPLATES : SMALL_SHOP_TEMPLATES).map((t): SeedRow => {
      const site = siteOf(t.site, sites);
      const s = slug(t.name);
      // The category of the template's own site (template-categories.ts seeds them per site).
      const category = t.category && site ? templateCategoryKey(t.category, site, sites) : null;
      // This draw once picked a design version; it stays so that every later pick of the seed's one
      // random stream (products, orders, history) is the same as before.
      random.int(1, 6);
      return {
        name: t.name,
        site_id: site ? ref("Site", site) : null,
        template_type_id: ref("TemplateType", t.type),
        template_category_id: category && categories.has(category) ? ref("TemplateCategory", category) : null,
        trim_width: t.trim[0],
        trim_height: t.trim[1],
        bleed: t.trim[0] > 20 ? 0.5 : 0.125,
        safe_margin: t.trim[0] > 20 ? 1 : 0.125,
        front_file: t.type === "Upload" ? null : `${FILES}/${s}/front.pdf`,
        back_file: t.back && t.type !== "Upload" ? `${FILES}/${s}/back.pdf` : null,
        preview_image: `${FILES}/${s}/preview.png`,
        editable_fields: t.fields.map((name, i) => ({
          name,
          label: name.replace(/_/g, " "),
          locked: i === 0 && t.site === "portal",
          side: t.backFields?.includes(name) ? "back" : "front",
        })),
        design_id: t.type === "Upload" ? null : `dsn_${s.replace(/-/g, "_")}`,
        // No design is seeded (a design is the editor's save, with its preview: none exists yet), so
        // none is named: the first save from the design editor is version 1 and each next one counts up.
        design_version: null,
        requires_approval: t.type !== "Static",
        status: t.status ?? "published",
        owner_id: owner ? ref("User", owner) : null,
      };
    });
  },
});
