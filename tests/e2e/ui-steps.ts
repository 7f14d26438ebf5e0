// Shared steps of the resource end-to-end tests: antd drawers by title, reference selects,
// popconfirms, and the API with the signed-in user's session.
import { type APIRequestContext, expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { sessionToken } from "./sign-in";

/**
 * Assertions wait as long as a person would before giving up on a screen: the configuration's 10 s
 * (playwright.config.ts), not more. A screen that needs longer is a finding, not a timeout to raise.
 */
export const expect = baseExpect;

/**
 * Opens a menu entry: navigation inside the app, without the full page load of page.goto (on a
 * loaded machine most of a step's time goes to loading and parsing the app again).
 */
export async function openMenu(page: Page, label: string) {
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: label, exact: true })
    .click();
  await expect(page.getByRole("heading", { name: label, level: 3 })).toBeVisible();
}

/** Searches the current list with its search box ("Search vendors"). */
export async function searchList(page: Page, box: string, text: string) {
  const search = page.getByRole("searchbox", { name: box });
  await search.fill(text);
  await search.press("Enter");
}

/** The open drawer whose title is exactly `title` (several may be open, one over another). */
export function drawer(page: Page, title: string): Locator {
  return page
    .locator(".ant-drawer-content")
    .filter({ has: page.locator(".ant-drawer-title").getByText(title, { exact: true }) });
}

/** Picks `option` in the reference select labelled `label` inside `scope`, typing to narrow it down. */
export async function chooseReference(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(option);
  const dropdown = page.locator(".ant-select-dropdown:visible");
  await dropdown.getByText(option, { exact: true }).first().click();
  await expect(dropdown).toHaveCount(0);
}

/** Confirms the open popconfirm ("Delete this …?") with its OK button. */
export async function confirmPopover(page: Page, question: string, ok = "Delete") {
  const popover = page.locator(".ant-popover:visible").filter({ hasText: question });
  await expect(popover).toBeVisible();
  // One click, as a person gives: a confirmation that needs a second one is a bug to see, not to retry.
  await popover.getByRole("button", { name: ok, exact: true }).click();
  await expect(popover).toBeHidden();
}

/** GET/POST/PATCH helpers on /api/v1 as the signed-in user. */
export async function apiAs(page: Page, request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  return {
    async get<T>(path: string): Promise<T> {
      const response = await request.get(`/api/v1/${path}`, { headers });
      expect(response.status(), `GET ${path}`).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
    async status(path: string): Promise<number> {
      return (await request.get(`/api/v1/${path}`, { headers })).status();
    },
    async post<T>(path: string, data: Record<string, unknown>): Promise<T> {
      const response = await request.post(`/api/v1/${path}`, { headers, data });
      expect(response.status(), `POST ${path}`).toBe(201);
      return ((await response.json()) as { data: T }).data;
    },
    async patch<T>(path: string, data: Record<string, unknown>): Promise<T> {
      const response = await request.patch(`/api/v1/${path}`, { headers, data });
      expect(response.status(), `PATCH ${path}`).toBe(200);
      return ((await response.json()) as { data: T }).data;
    },
  };
}
