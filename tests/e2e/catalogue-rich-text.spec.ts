import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect } from "./ui-steps";

interface Product {
  id: number;
  site_id: number;
  name: string;
  version: number;
  description: string | null;
}

test("a product description written with bold, a list and a link shows formatted; markup that runs script runs nothing", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const [product] = await api.get<Product[]>("products?sort=-updated_at&limit=1");
  const show = `/products/${product.site_id}/${product.id}`;

  // Written in the editor: a bold word, a two-entry bullet list, a linked phrase, and a tag typed as text.
  await page.goto(show);
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  await page.getByRole("button", { name: "edit Edit", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Description" });
  await expect(editor).toBeVisible();
  const tool = (name: string) =>
    page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await tool("Bold").click();
  await page.keyboard.type("Glossy");
  await tool("Bold").click();
  await page.keyboard.type(" cards <img src=x onerror=alert(1)>");
  await page.keyboard.press("Enter");
  await tool("Bullet list").click();
  await page.keyboard.type("Round corners");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Spot UV");
  await page.keyboard.press("Enter");
  await tool("Bullet list").click();
  await page.keyboard.type("Spec sheet");
  for (let n = 0; n < "Spec sheet".length; n++) await page.keyboard.press("Shift+ArrowLeft");
  await tool("Link").click();
  const linkInput = page.locator(".ql-tooltip.ql-editing input");
  await linkInput.fill("https://example.com/spec");
  await linkInput.press("Enter");
  await page.getByRole("button", { name: "Save" }).click();
  // Saved: back on the product's page, its Description row holds the new text.
  await expect(page.getByRole("row", { name: /^Description / })).toContainText("Spot UV");

  // Stored as HTML the server sanitised; shown formatted on the product's page, the typed tag as text.
  const saved = await api.get<Product>(`products/${product.id}`);
  expect(saved.description).toContain("<strong>Glossy</strong>");
  expect(saved.description).toContain("<li>Round corners</li><li>Spot UV</li>");
  expect(saved.description).toContain('href="https://example.com/spec"');
  expect(saved.description).toContain("&lt;img src=x onerror=alert(1)&gt;");
  await page.goto(show);
  const description = page.locator("main .pr-rich-text-content").first();
  await expect(description.locator("strong")).toHaveText("Glossy");
  await expect(description.locator("li")).toHaveText(["Round corners", "Spot UV"]);
  await expect(description.getByRole("link", { name: "Spec sheet" })).toHaveAttribute(
    "href",
    "https://example.com/spec",
  );
  await expect(description).toContainText("cards <img src=x onerror=alert(1)>");

  // Markup sent straight to the API: the server keeps the text and drops the handler and the script.
  const hostile = await api.patch<Product>(`products/${product.id}`, {
    version: saved.version,
    description:
      '<p>Safe words</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
  });
  expect(hostile.description).toContain("<p>Safe words</p>");
  expect(hostile.description).not.toMatch(/onerror|<script|javascript:/i);
  await page.goto(show);
  await expect(page.locator("main").getByText("Safe words")).toBeVisible();
  await expect(page.locator("main img[onerror], main script")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
