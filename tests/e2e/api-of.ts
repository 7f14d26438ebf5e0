// The API as a page's signed-in user: the records an end-to-end test needs, and what the pages stored.
import type { Browser, Page } from "@playwright/test";
import { sessionToken, signedInAs } from "./sign-in";
import { expect } from "./ui-steps";

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

/**
 * The desk's walks: a manager in a browser of their own, who sets records up through the API, beside Casey (CSR)
 * in `page`; a tag for names of their own, and the tenant's order-item statuses by code.
 */
export async function managerBesideCsr(page: Page, browser: Browser) {
  const manager = await browser.newPage();
  await signedInAs(manager, "admin@pressroom.test");
  const admin = await apiOf(manager);
  await signedInAs(page, "csr@pressroom.test");
  const api = await apiOf(page);
  const statuses = await admin.get<{ id: number; code: string }[]>("statuses?entity=order_item&limit=100");
  const itemStatus = (code: string) => statuses.find((s) => s.code === code)?.id;
  return { manager, admin, api, tag: Date.now().toString(36), itemStatus };
}
