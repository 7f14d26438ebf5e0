import { expect, test } from "@playwright/test";
import {
  DEMO_PASSWORD,
  SESSION_COOKIE,
  sessionToken,
  signIn,
  signInThroughForm,
  signOut,
  withSession,
} from "./sign-in";

test("signing in through the form lands back on the page the user was sent away from, query kept", async ({
  page,
}) => {
  await page.goto("/profile?tab=password");
  await expect(page).toHaveURL("/login?redirect=%2Fprofile%3Ftab%3Dpassword");
  await signIn(page, "admin@pressroom.test");
  await expect(page).toHaveURL("/profile?tab=password");
  await expect(page.getByLabel("Name")).toHaveValue("Avery Admin");

  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie?.sameSite).toBe("Strict");
  expect(cookie?.path).toBe("/");
});

test("a signed-in visit to /login goes to /, or to its redirect value", async ({ page }) => {
  await withSession(page, "admin@pressroom.test");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/forgot-password?redirect=%2Fprofile");
  await expect(page).toHaveURL("/profile");
});

test("a wrong password shows the server's message and sets no session", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, "admin@pressroom.test", "not-the-password");
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await sessionToken(page)).toBeUndefined();
});

test("forgot password: the mailed link sets a new password that signs in", async ({ page, request }) => {
  // An account of its own (invited, registered): the demo accounts keep their password for the other files.
  const email = `reset.${Date.now().toString(36)}@pressroom.test`;
  const invite = await request.post("/api/v1/test/invitations", { data: { email, tenantId: 1 } });
  expect(invite.status()).toBe(201);
  const token = new URL((await invite.json()).data.link as string).searchParams.get("token");
  const registered = await request.post("/api/v1/auth/register", {
    data: { name: "Rene Reset", email, password: DEMO_PASSWORD, tenantId: 1, token },
  });
  expect(registered.status()).toBe(201);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Password reset link sent to your email")).toBeVisible();

  const mail = await request.get(`/api/v1/test/outbox?to=${encodeURIComponent(email)}`);
  const { link } = (await mail.json()).data as { link: string };
  const url = new URL(link);
  expect(url.pathname).toBe("/reset-password");
  expect(url.searchParams.get("token")).toBeTruthy();

  const newPassword = "a-brand-new-password";
  await page.goto(url.pathname + url.search);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);

  // The link was single-use.
  const again = await request.post("/api/v1/auth/reset-password", {
    data: { token: url.searchParams.get("token"), password: "yet-another-password", tenantId: 1 },
  });
  expect(again.status()).toBe(400);
});

test("an invitation leads to registration and into the app", async ({ page, request }) => {
  const email = "new.operator@pressroom.test";
  const invite = await request.post("/api/v1/test/invitations", { data: { email, tenantId: 1 } });
  expect(invite.status()).toBe(201);
  const link = new URL((await invite.json()).data.link as string);
  expect(link.pathname).toBe("/register");

  await page.goto(link.pathname + link.search);
  await page.getByLabel("Name").fill("Nia Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("newcomer-password");
  await page.getByLabel("Confirm password").fill("newcomer-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: /Nia Newcomer/ })).toBeVisible();
});

test("logout goes to /login and the old token is refused", async ({ page, request }) => {
  // A session of its own: the one the other tests share stays open.
  await signInThroughForm(page, "admin@pressroom.test");
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  const before = await request.post("/api/v1/auth/profile", {
    data: { tenantId: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(before.status()).toBe(200);

  await signOut(page, "Avery Admin");
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionToken(page)).toBeUndefined();

  const after = await request.post("/api/v1/auth/profile", {
    data: { tenantId: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ message: "Unauthenticated" });

  await page.goto("/profile");
  await expect(page).toHaveURL("/login?redirect=%2Fprofile");
});
