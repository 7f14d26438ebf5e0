import { expect, test } from "@playwright/test";

test("the built index.html is served with its root element at / and at any deep link", async ({
  request,
}) => {
  for (const path of ["/", "/orders/123", "/vendors?page=2"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(response.headers()["cache-control"]).toContain("no-cache");
    expect(await response.text()).toContain('<div id="root">');
  }
});

test("the app renders in Chromium and a signed-out visit lands on the sign-in page", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Sorry, the page you visited does not exist.")).toBeVisible();
  await expect(
    page.getByRole("link", { name: /home/i }).or(page.getByRole("button", { name: /home/i })),
  ).toBeVisible();
});

test("the API answers health and unknown API paths with the contract's JSON", async ({ request }) => {
  const health = await request.get("/api/v1/health");
  expect(await health.json()).toEqual({ data: { status: "ok" } });
  const missing = await request.get("/api/v1/no-such-thing");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: "Not found" });
});
