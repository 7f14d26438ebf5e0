import type { Page } from "@playwright/test";
import { sessionToken } from "./sign-in";
import { expect } from "./ui-steps";

/** The API as the page's signed-in user (records a test needs, and what the pages stored). */
export async function apiOf(page: Page) {
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  const call = async <T>(method: "GET" | "POST", path: string, data?: object): Promise<T> => {
    const response = await page.request.fetch(`/api/v1/${path}`, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    get: <T>(path: string) => call<T>("GET", path),
    post: <T>(path: string, data: object) => call<T>("POST", path, data),
  };
}
