// Google single sign-on end to end: the app's popup sign-in against the Firebase Auth emulator, the emulator's fake
// Google window driven as a user would, and a server that checks the ID token with the emulator (both started by
// playwright.config.ts; the other tests' server has no identity provider). Offline: see sso-fixtures.ts.
import { sessionToken } from "./sign-in";
import {
  EXPECTED_EXTERNAL_HOSTS,
  expect,
  openGoogleWindow,
  SSO_BASE_URL,
  signInWithKnownAccount,
  signInWithNewAccount,
  test,
} from "./sso-fixtures";

const LOADER = "Logging in... Please wait";

test.use({ baseURL: SSO_BASE_URL });

test.afterEach(({ externalHosts }) => {
  // Everything else the flow needed came from 127.0.0.1: the app, its API and the emulator.
  expect([...externalHosts].filter((host) => !EXPECTED_EXTERNAL_HOSTS.includes(host))).toEqual([]);
});

test("Sign in with Google: the loader shows while the Google window is open, then the user is in", async ({
  page,
}) => {
  await page.goto("/login");
  const popup = await openGoogleWindow(page, "Sign in with Google");
  // The app waits on the Google window, so the loader stays until it is done with.
  await expect(page.getByText(LOADER)).toBeVisible();

  // The Google profile's name is not the account's: the account is found by its (verified) email.
  await signInWithNewAccount(popup, { email: "admin@pressroom.test", name: "Avery on Google" });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Avery Admin/ })).toBeVisible();
  await expect(page.getByText(LOADER)).toBeHidden();
  expect(await sessionToken(page)).toBeTruthy();
});

test("a Google account without a Pressroom account gets the server's message and no session", async ({
  page,
}) => {
  await page.goto("/login");
  const popup = await openGoogleWindow(page, "Sign in with Google");
  await signInWithNewAccount(popup, { email: "stranger@example.com", name: "Sam Stranger" });
  await expect(
    page.getByText(
      "There is no Pressroom account for this sign-in in this shop; ask an administrator for an invitation",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(LOADER)).toBeHidden();
  expect(await sessionToken(page)).toBeUndefined();

  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
});

test("an invitation accepted with Google creates the account; afterwards Google alone signs it in", async ({
  page,
  request,
}) => {
  // Unique per attempt: the emulator and the server keep their accounts for the whole run.
  const email = `sso.newcomer.${Date.now()}@pressroom.test`;
  const invite = await request.post("/api/v1/test/invitations", { data: { email, tenantId: 1 } });
  expect(invite.status()).toBe(201);
  const link = new URL((await invite.json()).data.link as string);

  await page.goto(link.pathname + link.search);
  const popup = await openGoogleWindow(page, "Sign up with Google");
  await signInWithNewAccount(popup, { email, name: "Sasha Single" });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Sasha Single/ })).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Name")).toHaveValue("Sasha Single");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The invitation is used up; the account now belongs to the shop. The emulator offers the known account.
  const again = await openGoogleWindow(page, "Sign in with Google");
  await signInWithKnownAccount(again, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Sasha Single/ })).toBeVisible();
});
