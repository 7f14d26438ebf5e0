import AxeBuilder from "@axe-core/playwright";
import { type Page, test } from "@playwright/test";
import { WCAG_TAGS } from "./a11y/axe-pass";
import { signedInAs } from "./sign-in";
import { apiAs, expect } from "./ui-steps";

// Issue 21, as a storefront manager works: an attribute created with its values typed in place, a
// duplicate code marked before saving, a value moved by keyboard on its handle and saved in one
// request; a category nested and taken out again from the keyboard in the category tree; a product
// opened and its sections seen; a value a variant uses refused on removal with the server's sentence; a template's
// field moved to its back from the template page. Each page also passes axe.

interface Saved {
  id: number;
  version: number;
}
interface Attribute extends Saved {
  values: { code: string; label: string; price_delta?: number; sort?: number }[];
}
interface Category extends Saved {
  name: string;
  parent_id: number | null;
}
interface Product extends Saved {
  site_id: number;
  name: string;
  attribute_ids: number[];
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("attribute values inline, the category tree by keyboard, a product's sections", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);

  // An attribute with three values typed in place; the codes follow the labels.
  await page.goto("/attributes/create");
  await expect(page.getByRole("heading", { name: "Create attribute" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(`Lamination ${stamp}`);
  await page.getByLabel("Code", { exact: true }).fill(`lam-${stamp}`);
  const labels = ["Gloss", "Matte", "Soft touch"];
  for (const [i, label] of labels.entries()) {
    await page.getByRole("button", { name: "Add value" }).click();
    await page.getByLabel(`Label of value ${i + 1}`).fill(label);
    await page.getByLabel(`Price modifier of value ${i + 1}`).fill(String((i + 1) * 2));
  }
  await page.getByLabel("Label of value 1").click();
  await expect(page.getByLabel("Code of value 3")).toHaveValue("soft-touch");
  // A code used twice is marked on its cell, and nothing is sent.
  await page.getByLabel("Code of value 2").fill("gloss");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page.getByText("Already used by value 1")).toBeVisible();
  await page.getByLabel("Code of value 2").fill("matte");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/attributes\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: `Lamination ${stamp}` })).toBeVisible();

  // Soft touch moved to the top from the keyboard: Space lifts, two arrows up, Space drops.
  const handle = page.getByRole("button", { name: "Move Soft touch (value 3)" });
  await handle.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "Soft touch dropped at value 1." })).toBeAttached();
  await expect(page.getByLabel("Label of value 1")).toHaveValue("Soft touch");
  await page.getByRole("switch", { name: "Value 3 is active" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`Lamination ${stamp} saved`)).toBeVisible();
  const saved = await api.get<Attribute>(`attributes/${id}`);
  expect(saved.values).toEqual([
    {
      code: "soft-touch",
      label: "Soft touch",
      price_delta: 6,
      multiplier: 1,
      is_default: false,
      active: true,
      sort: 0,
    },
    {
      code: "gloss",
      label: "Gloss",
      price_delta: 2,
      multiplier: 1,
      is_default: false,
      active: true,
      sort: 1,
    },
    {
      code: "matte",
      label: "Matte",
      price_delta: 4,
      multiplier: 1,
      is_default: false,
      active: false,
      sort: 2,
    },
  ]);
  await axeClean(page);

  // A value a product's variant uses cannot be removed: the page shows the server's sentence, the way out in it.
  const [firstSite] = await api.get<{ id: number }[]>("sites?sort=id&limit=1");
  const [type] = await api.get<{ id: number }[]>("product-types?sort=id&limit=1");
  const sku = `LAM-${stamp}`;
  await api.post("products", {
    sku,
    name: `Laminated cards ${stamp}`,
    site_id: firstSite.id,
    product_type_id: type.id,
    attribute_ids: [id],
    variants: [{ sku: `${sku}-G`, attribute_values: { [`lam-${stamp}`]: "gloss" }, price: 20 }],
  });
  await page.getByRole("button", { name: "Remove Gloss" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // The page's own alert (the feedback area above it tells every refused call too).
  await expect(page.getByRole("main").getByRole("alert").last()).toHaveText(
    `The value "gloss" of Lamination ${stamp} is used by 1 variant of Laminated cards ${stamp} (${sku}): ` +
      "deactivate it (untick Active) instead of removing it, so those variants keep it.",
  );
  expect((await api.get<Attribute>(`attributes/${id}`)).values.map((v) => v.code)).toEqual([
    "soft-touch",
    "gloss",
    "matte",
  ]);

  // Two categories at the end of the first site's tree: the second nested under the first from the
  // keyboard, then taken out again.
  const [site] = await api.get<{ id: number }[]>("sites?sort=id&limit=1");
  const category = (name: string, sort_order: number) =>
    api.post<Category>("product-categories", {
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      site_id: site.id,
      sort_order,
      parent_id: null,
    });
  const parent = await category(`Displays ${stamp}`, 9000);
  const child = await category(`Easels ${stamp}`, 9010);
  await page.goto(`/product-categories?site_id=${site.id}`);
  await expect(page.getByRole("heading", { name: "Product categories" })).toBeVisible();
  await page.getByRole("tree").getByText(`Easels ${stamp}`).click();
  await expect(page.getByText(`Selected: Easels ${stamp}`)).toBeVisible();
  const indent = page.getByRole("button", { name: `Indent: Easels ${stamp}` });
  await indent.focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: `Easels ${stamp} is now 1 of 1 in Displays ${stamp}.` }),
  ).toBeAttached();
  expect((await api.get<Category>(`product-categories/${child.id}`)).parent_id).toBe(parent.id);
  await axeClean(page);
  await page.getByRole("button", { name: `Outdent: Easels ${stamp}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Easels ${stamp} is now` })).toContainText(
    "at the top level",
  );
  expect((await api.get<Category>(`product-categories/${child.id}`)).parent_id).toBe(null);

  // A product with options: its sections, the options with their price modifiers.
  const products = await api.get<Product[]>("products?sort=id&limit=50");
  const product = products.find((p) => p.attribute_ids?.length > 0) as Product;
  await page.goto(`/products/${product.site_id}/${product.id}`);
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  for (const tab of [
    "Details",
    /^Options \(\d+\)$/,
    "Price tiers",
    /^Templates/,
    "Production route",
    "Outsourcing",
  ]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible();
  }
  await expect(page.getByRole("rowheader", { name: "SKU", exact: true })).toBeVisible();
  await page.getByRole("tab", { name: /^Options/ }).click();
  await expect(page.getByRole("columnheader", { name: "Price modifier" }).first()).toBeVisible();
  await page.getByRole("tab", { name: "Price tiers" }).click();
  await expect(page.getByRole("columnheader", { name: "Quantity" })).toBeVisible();
  await page.getByRole("tab", { name: "Production route" }).click();
  await expect(page.getByRole("columnheader", { name: "Equipment" })).toBeVisible();
  await page.getByRole("tab", { name: "Outsourcing" }).click();
  await expect(page.getByRole("columnheader", { name: "Their product code" })).toBeVisible();
  await axeClean(page);
  // No request of the page was refused (a refusal shows an error notice).
  await expect(page.locator(".ant-notification-notice-error, .ant-message-error")).toHaveCount(0);
  await page.getByRole("button", { name: /^Variants \(\d+\)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.site_id}/${product.id}/variants$`));

  // A template made through the API has no design yet; a field's side is chosen in its row and saved.
  const [templateType] = await api.get<{ id: number }[]>("template-types?sort=id&limit=1");
  const template = await api.post<Saved & { design_version: number | null }>("templates", {
    name: `Door hanger ${stamp}`,
    site_id: site.id,
    template_type_id: templateType.id,
    trim_width: 4.25,
    trim_height: 11,
    back_file: "https://files.example.com/door-hanger-back.pdf",
    editable_fields: [
      { name: "headline", label: "Headline", locked: false },
      { name: "offer", label: "Offer", locked: false, side: "front" },
    ],
  });
  expect(template.design_version).toBeNull();
  await page.goto(`/templates/${site.id}/${template.id}`);
  await expect(page.getByRole("heading", { name: `Door hanger ${stamp}` })).toBeVisible();
  await expect(page.getByText("None yet")).toBeVisible();
  // From the keyboard: the select opened with the down arrow, Back taken with Enter.
  await page.getByRole("combobox", { name: "Side of Offer" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText([
    "Front",
    "Back",
  ]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Offer is on the back now")).toBeVisible();
  const moved = await api.get<Saved & { editable_fields: { name: string; side?: string }[] }>(
    `templates/${template.id}`,
  );
  expect(moved.editable_fields.map((f) => [f.name, f.side ?? "front"])).toEqual([
    ["headline", "front"],
    ["offer", "back"],
  ]);
  expect(moved.version).toBe(template.version + 1);
  await axeClean(page);
});
