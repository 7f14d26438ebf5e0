import { PRODUCTS, SMALL_SHOP_PRODUCTS, siteOf } from "./catalog";
import { defineSeed, ref, type SeedRow } from "./define";

/** The storefront's formatted text of a demo product (the rich-text field: a paragraph and a list). */
function describe(p: (typeof PRODUCTS)[number]): string {
  const [width, height] = p.size;
  const facts = [
    `${width} × ${height} in finished`,
    `${p.colors} colours on ${p.stock}`,
    `Ready in ${p.days} business days`,
  ];
  return `<p><strong>${p.name}</strong>, printed in our shop.</p><ul>${facts.map((f) => `<li>${f}</li>`).join("")}</ul>`;
}

// What each site sells (catalog.ts), with a variant per option combination and the stations each
// product goes through. Keyed by SKU.
export default defineSeed({
  rows: ({ full, keys, rows }) => {
    const sites = keys("Site");
    const has = (kind: Parameters<typeof keys>[0]) => new Set(keys(kind));
    const [categories, attributes, templates, stations, vendors] = [
      has("ProductCategory"),
      has("Attribute"),
      has("Template"),
      has("ProductionStation"),
      has("Vendor"),
    ];
    // Paper is keyed by its name, other stock by its SKU.
    const stockKey = new Map(rows("Inventory").map((r) => [String(r.name), String(r.$key ?? r.name)]));
    return (full ? PRODUCTS : SMALL_SHOP_PRODUCTS).map((p): SeedRow => {
      const site = siteOf(p.site, sites);
      const stock = stockKey.get(p.stock);
      const vendor = p.outsource && vendors.has(p.outsource[0]) ? p.outsource[0] : null;
      return {
        $key: p.sku,
        $popularity: p.popularity ?? 1,
        sku: p.sku,
        name: p.name,
        site_id: site ? ref("Site", site) : null,
        product_type_id: ref("ProductType", p.type),
        category_ids: p.categories.filter((c) => categories.has(c)).map((c) => ref("ProductCategory", c)),
        finished_width: p.size[0],
        finished_height: p.size[1],
        flat_width: (p.flat ?? p.size)[0],
        flat_height: (p.flat ?? p.size)[1],
        bleed: p.size[0] > 20 ? 0.5 : 0.125,
        color_spec: p.colors,
        default_stock_id: stock ? ref("Inventory", stock) : null,
        attribute_ids: p.attributes.filter((a) => attributes.has(a)).map((a) => ref("Attribute", a)),
        template_ids: (p.templates ?? []).filter((t) => templates.has(t)).map((t) => ref("Template", t)),
        price_tiers: p.tiers.map(([quantity, price]) => ({ quantity, price })),
        setup_fee: p.setup ?? 0,
        turnaround_days: p.days,
        unit_weight: p.weight,
        production_route: p.route.filter((s) => stations.has(s)).map((s) => ref("ProductionStation", s)),
        gangable: p.gangable,
        outsource_vendor_id: vendor ? ref("Vendor", vendor) : null,
        vendor_product_id: vendor ? p.outsource?.[1] : null,
        mailable: p.mail !== undefined,
        mail_shape: p.mail ?? null,
        active: p.active ?? true,
        description: describe(p),
        variants: p.variants.map(([suffix, values, price]) => ({
          sku: `${p.sku}-${suffix}`,
          name: `${p.name}, ${Object.values(values).join(", ") || "standard"}`,
          attribute_values: values,
          price,
          active: p.active ?? true,
        })),
      };
    });
  },
});
