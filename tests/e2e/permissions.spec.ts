import { expect, type Page, test } from "@playwright/test";
import { signedInAs, signIn, signOut } from "./sign-in";

/** Picks an option in the antd Select labelled `label` (typing narrows it down). */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(option);
  await page.locator(".ant-select-dropdown:visible").getByText(option, { exact: true }).first().click();
  await select.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

test("the press operator sees no administration and is sent to /unauthorized from /users", async ({
  page,
}) => {
  await signedInAs(page, "press@pressroom.test");
  const menu = page.getByRole("navigation", { name: "Main navigation" });
  await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Roles", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Vendors", exact: true })).toHaveCount(0);

  await page.goto("/users");
  await expect(page).toHaveURL("/unauthorized");
  await expect(page.getByText("Sorry, you are not authorized to access this page.")).toBeVisible();
});

test("an administrator's role, group and invitation give a newcomer exactly what the role allows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // a long walk through five screens in two browsers
  await signedInAs(page, "admin@pressroom.test");
  // Inside the app, from its menu: one page load for the whole walk.
  const open = async (label: string, path: string) => {
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: label, exact: true })
      .click();
    // The list then writes its paging, sort and filters into the address: the path is what the menu decides.
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  };

  // A role from the matrix: read and create vendors, read their categories.
  await open("Roles", "/roles");
  await page.getByRole("button", { name: "Create role" }).first().click();
  await expect(page).toHaveURL("/roles/create");
  // The editor is a page of its own, loaded on first use: the list stays on screen until it is there.
  await expect(page.getByRole("heading", { level: 3, name: "Create role" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Vendor clerk");
  await page.getByLabel("Search resources").fill("vendor");
  await page.getByRole("checkbox", { name: "Vendor: Read", exact: true }).check();
  await page.getByRole("checkbox", { name: "Vendor: Create", exact: true }).check();
  await page.getByRole("checkbox", { name: "VendorCategory: Read", exact: true }).check();
  await page.getByRole("button", { name: "Create role" }).click();
  await expect(page).toHaveURL(/\/roles\/\d+$/);

  // Duplicated: a copy named "Copy of …", opened for editing, saved as a role of its own.
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/roles\/\d+\/duplicate$/);
  await expect(page.getByRole("heading", { level: 3, name: /^Duplicate role/ })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Copy of Vendor clerk");
  await page.getByRole("button", { name: "Create role" }).click();
  await expect(page).toHaveURL(/\/roles\/\d+$/);
  await open("Roles", "/roles");
  await expect(page.getByRole("cell", { name: "Copy of Vendor clerk", exact: true })).toBeVisible();
  // No search was made: the address holds its paging and sort, and no filter without a value.
  expect(new URL(page.url()).search).toContain("sorters");
  expect(new URL(page.url()).search).not.toContain("filters");

  // A group holding the role, on the tenant's site.
  await open("User groups", "/user-groups");
  await page.getByRole("button", { name: "Create group" }).first().click();
  const drawer = page.getByRole("dialog");
  await drawer.getByLabel("Name", { exact: true }).fill("Vendor clerks");
  await choose(page, "Roles", "Vendor clerk");
  await choose(page, "Sites", "Pressroom Demo Storefront");
  await drawer.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("cell", { name: "Vendor clerks", exact: true })).toBeVisible();

  // The invitation, its link shown once.
  const email = "vendor.clerk@pressroom.test";
  await open("Users", "/users");
  await page.getByRole("button", { name: "Invite user" }).click();
  const modal = page.getByRole("dialog", { name: "Invite user" });
  await modal.getByLabel("Email").fill(email);
  await choose(page, "Groups", "Vendor clerks");
  await modal.getByRole("button", { name: /invite|send/i }).click();
  const link = new URL(await modal.getByLabel("Invitation link").inputValue());
  expect(link.pathname).toBe("/register");

  // The invitee registers in a browser of their own, then signs in again.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link.pathname + link.search);
  await invitee.getByLabel("Name").fill("Val Clerk");
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password", { exact: true }).fill("vendor-clerk-password");
  await invitee.getByLabel("Confirm password").fill("vendor-clerk-password");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(invitee).toHaveURL(/\/$/);
  await signOut(invitee, "Val Clerk");
  await expect(invitee).toHaveURL(/\/login$/);
  await signIn(invitee, email, "vendor-clerk-password");
  await expect(invitee).toHaveURL(/\/$/);

  // Exactly what the role allows: vendors to read and create, nothing to edit or delete, no administration.
  const menu = invitee.getByRole("navigation", { name: "Main navigation" });
  await expect(menu.getByRole("link", { name: "Vendors", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Customers", exact: true })).toHaveCount(0);
  await invitee.goto("/vendors");
  await expect(invitee.getByRole("button", { name: /Create vendor/i })).toBeVisible();
  await expect(invitee.locator(".ant-table-row").first()).toBeVisible();
  await expect(invitee.getByRole("button", { name: /delete/i })).toHaveCount(0);
  await invitee.goto("/customers");
  await expect(invitee).toHaveURL("/unauthorized");
  await invitee.goto("/roles");
  await expect(invitee).toHaveURL("/unauthorized");
  await context.close();
});
