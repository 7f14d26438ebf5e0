// Shared steps of the end-to-end tests: signing in through the real form, reading the session cookie.
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "pressroom-demo";
export const SESSION_COOKIE = "pressroom_session";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function sessionToken(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export async function signedInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

/** Logout from the app bar's profile menu. The dropdown animates in, so the item is clicked by event, not by
 * mouse position (a moving menu can swallow a pointer click). */
export async function signOut(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(name) }).click();
  const logout = page.getByRole("menuitem", { name: "Logout" });
  await expect(logout).toBeVisible();
  await logout.dispatchEvent("click");
  // The full app hands /login to the guest app with a page load: until that page is up, a navigation
  // the test starts can be overtaken by it (then /profile ends on a bare /login).
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
}
