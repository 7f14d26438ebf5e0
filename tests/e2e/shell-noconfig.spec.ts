// The configuration check is a build-time matter: a build without VITE_TENANT_ID (scripts/e2e.mjs makes it beside
// the first tests when this file is part of the run) must say so and not start.
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { serveStatic } from "./static-server";

test("a build without VITE_TENANT_ID logs the error and does not start", async ({ page }) => {
  test.setTimeout(210_000);
  const dir = process.env.E2E_NOCONFIG_DIR;
  expect(dir, "scripts/e2e.mjs builds the no-config app and names its folder").toBeTruthy();
  // scripts/e2e.mjs builds it beside the first tests, then writes the build's exit code beside the folder.
  const done = `${dir}.done`;
  await expect.poll(() => existsSync(done), { timeout: 180_000, message: "the no-config build" }).toBe(true);
  expect(readFileSync(done, "utf8"), "the no-config build's exit code").toBe("0");
  const server = await serveStatic(dir as string);
  try {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto(`${server.url}/`);
    await expect(page.getByText("VITE_TENANT_ID environmental variable not set")).toBeVisible();
    expect(logged).toContain("VITE_TENANT_ID environmental variable not set");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  } finally {
    await server.close();
  }
});
