import { createCanvas } from "@napi-rs/canvas";
import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect } from "./ui-steps";

// Issue 21, a template and the design editor: the admin opens a demo template's page and sees its
// front and back as pictures (seeded as PNGs, thumbnailed by the server) with the trim and safe
// lines over them, uploads a new back (a JPEG); "Open in design editor" opens the reference editor in a new window, a
// text field is changed and moved with the arrow keys, and saved, and the new design version with its preview shows on
// the page, the template's current design with it (the template record follows the save, heard live). The template
// has fields on its back too: the editor turns to the back, a back field moves from the keyboard there, and the
// version shows the back's preview beside the front's.

interface Template {
  id: number;
  name: string;
  site_id: number;
  back_file: string | null;
  editable_fields: { name: string; label: string; locked: boolean; side?: "front" | "back" }[] | null;
}

test("a template's sides with their lines, and a design saved from the editor", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const templates = await api.get<Template[]>("templates?limit=100&status=published");
  const editable = (t: Template, side: "front" | "back") =>
    (t.editable_fields ?? []).find((f) => !f.locked && (f.side ?? "front") === side);
  const template = templates.find(
    (t) => t.back_file && editable(t, "front") && editable(t, "back"),
  ) as Template;
  expect(template, "a demo template with editable fields on its front and its back").toBeTruthy();
  const field = editable(template, "front") as { name: string; label: string };
  const backField = editable(template, "back") as { name: string; label: string };
  const before = await api.get<{ design_version: number }[]>(`templates/${template.id}/designs`);
  const next = (before[0]?.design_version ?? 0) + 1;

  await page.goto(`/templates/${template.site_id}/${template.id}`);
  await expect(page.getByRole("heading", { name: template.name })).toBeVisible();
  for (const side of ["Front", "Back"]) {
    const image = page.getByRole("img", { name: `${side} of the template` });
    await expect(image).toBeVisible();
    // A real picture, decoded by the browser.
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    const guides = page.getByRole("img", { name: `${side}: bleed edge, trim and safe area` });
    await expect(guides.locator('[data-guide="trim"]')).toBeVisible();
    await expect(guides.locator('[data-guide="safe"]')).toBeVisible();
  }
  // A new back, uploaded as a JPEG: its thumbnail replaces the seeded one.
  const art = createCanvas(600, 300);
  art.getContext("2d").fillRect(0, 0, 600, 300);
  await page
    .locator("figure", { hasText: "Back" })
    .locator('input[type="file"]')
    .setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: art.toBuffer("image/jpeg") });
  await expect(page.getByText("The back is updated")).toBeVisible();
  await expect
    .poll(() =>
      page
        .getByRole("img", { name: "Back of the template" })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(600);
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText("Trim:");
  await expect(legend).toContainText("Safe area:");

  const [editor] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Open in design editor" }).click(),
  ]);
  await expect(editor).toHaveURL(new RegExp(`/design-editor/.+template_id=${template.id}&`));
  await expect(editor.getByRole("status")).toHaveText("Ready.");
  expect(await editor.evaluate(() => window.opener !== null), "the editor can answer the app").toBe(true);
  await expect(editor.locator("canvas").first()).toBeVisible();
  const input = editor.getByLabel(field.label, { exact: true });
  await input.fill("Jordan E2E Rivers");
  // Selected through its box, then moved from the keyboard on the page: Shift+↓ is a tenth of an inch.
  await editor.getByRole("application").focus();
  const status = editor.getByRole("status");
  await editor.keyboard.press("ArrowDown");
  const first = /at ([\d.]+) in, ([\d.]+) in\./.exec((await status.textContent()) ?? "");
  expect(first, "the field moved and said where").toBeTruthy();
  await editor.keyboard.press("Shift+ArrowDown");
  await expect(status).toHaveText(
    `${field.label} at ${first?.[1]} in, ${Math.round((Number(first?.[2]) + 0.1) * 1000) / 1000} in.`,
  );
  // The back: the switch turns the page over, and a back field moves there from the keyboard.
  await editor.getByRole("button", { name: "Back", exact: true }).click();
  await expect(editor.getByRole("button", { name: "Back", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await editor.getByLabel(backField.label, { exact: true }).focus();
  await editor.getByRole("application").focus();
  await editor.keyboard.press("ArrowUp");
  await expect(status).toHaveText(new RegExp(`^${backField.label} at [\\d.]+ in, [\\d.]+ in\\.$`));
  await editor.getByRole("button", { name: "Save design" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Saved as design version ${next}.`);

  // The page heard the editor and lists the new version, with its preview, first.
  const version = page.getByTestId(`design-${next}`);
  await expect(version).toContainText(`Version ${next}`);
  await expect(version).toContainText("Jordan E2E Rivers");
  const preview = version.getByRole("img", { name: `Preview of design version ${next}` });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const backPreview = version.getByRole("img", { name: `Back of design version ${next}` });
  await expect(backPreview).toBeVisible();
  expect(await backPreview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(page.locator('[data-testid^="design-"]').first()).toContainText(`Version ${next}`);
  // The template itself now names that version.
  await expect(page.locator(".ant-descriptions-item", { hasText: "Current design" })).toContainText(
    `Version ${next}`,
  );
  expect((await api.get<{ design_version: number }>(`templates/${template.id}`)).design_version).toBe(next);
});
