// Keyboard alone, as a person without a mouse works: sign in, open a list from the navigation, sort it, filter it,
// open a record, edit and save it, and delete one after its question. Every control reached shows a visible focus
// ring (src/theme/focus.css), and the focus returns where it was when a modal or a drawer closes.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD } from "./sign-in";
import { apiAs } from "./ui-steps";

/**
 * Focus shown in the theme's focus colour (src/theme/theme.ts FOCUS_COLOUR, #0958d9, as the browser reports it):
 * a solid ring of 2px or more, or, for a text field, a 2px glow around its box.
 */
const RING = /^solid (?:[2-9]|\d{2,})(?:\.\d+)?px rgb\(9, 88, 217\) \//;
const GLOW = /rgb\(9, 88, 217\) 0px 0px 0px 2px/;

/** What shows an element's focus: its outline, and the shadow of its field's box (antd glows the wrapper). */
const focusStyle = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.closest(".ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select") ?? el;
    const own = getComputedStyle(el);
    return `${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor} / ${getComputedStyle(box).boxShadow}`;
  });

/** The focused element shows focus (RING or GLOW). Polled: some controls fade their styles in (0.2 s). */
async function expectVisibleFocus(target: Locator, what: string) {
  await expect(target, `${what} has the focus`).toBeFocused();
  await expect
    .poll(() => focusStyle(target), { message: `${what} shows its focus`, timeout: 2_000 })
    .toMatch(new RegExp(`${RING.source}|${GLOW.source}`));
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: at most `max` presses, as a person would. */
async function tabTo(page: Page, target: Locator, what: string, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expectVisibleFocus(target, what);
}

test("keyboard alone: sign in, a list from the menu, sort, filter, open, edit and save, confirm a delete", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);

  // Sign in: the form's fields and its button, by keyboard.
  await page.goto("/login");
  const email = page.getByLabel("Email");
  await tabTo(page, email, "the email field");
  await page.keyboard.type("admin@pressroom.test");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByLabel("Password", { exact: true }), "the password field");
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);

  // The record to work on, and another that sorts before it.
  const api = await apiAs(page, request);
  const stamp = Date.now().toString(36);
  const name = `Keyboard category ${stamp}`;
  const record = await api.post<{ id: number }>("vendor-categories", { name });
  await api.post("vendor-categories", { name: `Keyboard category ${stamp} 0 first` });

  // The list from the navigation.
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await tabTo(page, nav.getByRole("link", { name: "Vendor categories", exact: true }), "the menu entry");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Vendor categories", level: 3 })).toBeVisible();

  // Sort: the Name header takes Enter.
  const header = page.getByRole("columnheader", { name: /^Name/ });
  await tabTo(page, header, "the Name column's header");
  const sortedBefore = await header.getAttribute("aria-sort");
  await page.keyboard.press("Enter");
  await expect(header).not.toHaveAttribute("aria-sort", sortedBefore ?? "none");
  await expect(page).toHaveURL(/sorters/);

  // Filter: back to the search box, type, Enter.
  const search = page.getByRole("searchbox", { name: "Search vendor categories" });
  await tabTo(page, search, "the search box", { back: true });
  await page.keyboard.type(`Keyboard category ${stamp}`);
  await page.keyboard.press("Enter");
  const rows = page.locator("main tbody tr.ant-table-row");
  await expect(rows).toHaveCount(2);

  // Open the record from its title link: its drawer.
  const titleLink = rows.getByRole("link", { name, exact: true });
  await tabTo(page, titleLink, "the record's link");
  await page.keyboard.press("Enter");
  const show = page.locator(".ant-drawer-open").filter({ has: page.getByText(name, { exact: true }) });
  await expect(show).toBeVisible();

  // Edit it: the drawer's Edit button, then the Name field.
  const editButton = show.getByRole("button", { name: "Edit" });
  await tabTo(page, editButton, "the drawer's Edit button");
  await page.keyboard.press("Enter");
  const edit = page.locator(".ant-drawer-open").filter({ hasText: "Edit vendor category" });
  const nameField = edit.getByLabel("Name", { exact: true });
  await tabTo(page, nameField, "the Name field");
  await page.keyboard.press("End");
  await page.keyboard.type(" renamed");

  // Escape asks before losing the change; Escape again keeps editing, and the focus is back in the field.
  await page.keyboard.press("Escape");
  const discard = page.getByRole("dialog").filter({ hasText: "Discard unsaved changes?" });
  await expect(discard).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(discard).toBeHidden();
  await expect(nameField, "the focus is back in the field after the modal").toBeFocused();

  // Save: Tab to the button, Enter. The drawer closes and the focus is back on the link that opened it.
  await tabTo(page, edit.getByRole("button", { name: "Save" }), "the Save button");
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-drawer-open")).toHaveCount(0);
  const renamedLink = rows.getByRole("link", { name: `${name} renamed`, exact: true });
  await expect(renamedLink).toBeVisible();
  await expect(renamedLink, "the focus is back on the record's link after the drawer").toBeFocused();
  expect(await api.get<{ name: string }>(`vendor-categories/${record.id}`)).toMatchObject({
    name: `${name} renamed`,
  });

  // Delete from the row: its button asks, the question's Cancel has the focus, Tab reaches Delete.
  const deleteButton = page.getByRole("button", { name: `Delete vendor category ${record.id}` });
  await tabTo(page, deleteButton, "the row's Delete button");
  await page.keyboard.press("Enter");
  const question = page.locator(".ant-popover").filter({ hasText: "Delete this vendor category?" });
  await expect(question).toBeVisible();
  await expectVisibleFocus(question.getByRole("button", { name: "Cancel" }), "the question's Cancel");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(question.getByRole("button", { name: "Delete" }), "the question's Delete");
  await page.keyboard.press("Enter");
  await expect(rows.getByRole("link", { name: `${name} renamed`, exact: true })).toHaveCount(0);
  expect(await api.status(`vendor-categories/${record.id}`)).toBe(404);
});
