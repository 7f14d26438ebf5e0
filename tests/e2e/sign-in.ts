// Shared steps of the end-to-end tests: signing in, reading the session cookie.
//
// The sign-in form is tested by identity.spec.ts (and Google sign-in by sso.spec.ts). Every other test starts from
// a session its worker already holds for the account (one POST /auth/login per account and worker, its token put in
// the app's session cookie), so it loads the app once, at the page it tests, instead of the sign-in page, the form
// and then the app.
import { expect, type Page, test } from "@playwright/test";

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

/** Signs in through the form, as a person does; for the tests that end their session (logout). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

/** The worker's session token per demo account (a test that ends a session signs in through the form instead). */
const tokens = new Map<string, Promise<string>>();

/** Puts the worker's session of `email` in the page's browser, without loading a page. */
export async function withSession(page: Page, email: string) {
  let token = tokens.get(email);
  if (!token) {
    token = page.request
      .post("/api/v1/auth/login", { data: { email, password: DEMO_PASSWORD, tenantId: 1 } })
      .then(async (response) => {
        expect(response.status(), `sign-in of ${email}`).toBe(200);
        return ((await response.json()) as { data: { sessionCookie: string } }).data.sessionCookie;
      });
    tokens.set(email, token);
  }
  const value = encodeURIComponent(await token);
  const url = new URL(test.info().project.use.baseURL ?? page.url()).origin;
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url, sameSite: "Strict" }]);
}

/** Signed in as `email`, on the home page. */
export async function signedInAs(page: Page, email: string) {
  await withSession(page, email);
  await page.goto("/");
  // The app bar: on a phone the menu waits behind its toggle, so the bar, not the menu, says the app is up.
  await expect(page.getByRole("banner").getByRole("button", { name: "Toggle navigation" })).toBeVisible();
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
