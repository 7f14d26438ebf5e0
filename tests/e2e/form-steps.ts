// Steps of the end-to-end tests on generated forms beyond ui-steps.ts: record details by label,
// plain selects, date pickers, inline child-table cells, and selects kept clear of the app bar.
import type { Locator, Page } from "@playwright/test";
import { chooseReference, expect } from "./ui-steps";

/** A run-unique suffix, so reruns on one database never collide on unique numbers. */
export const unique = () => Date.now().toString(36).slice(-6).toUpperCase();

export const usd = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });

/** The value cell of a label in a record's details ("Total" → "$513.75"). */
export function detail(scope: Page | Locator, label: string): Locator {
  const root = "goto" in scope ? scope.locator("main") : scope;
  return root
    .locator(".ant-descriptions-item-label")
    .getByText(label, { exact: true })
    .locator("xpath=ancestor::*[contains(@class,'ant-descriptions-item-label')][1]")
    .locator("xpath=following-sibling::*[contains(@class,'ant-descriptions-item-content')][1]");
}

/** Types into an antd DatePicker (format "YYYY-MM-DD HH:mm" with time) and confirms it. */
export async function pickDateTime(page: Page, scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Enter");
  await expect(page.locator(".ant-picker-dropdown:visible")).toHaveCount(0);
  await expect(input).toHaveValue(value);
}

/** Scrolls to the middle of the page: the sticky app bar covers whatever sits at its top edge. */
export async function centre(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: "center" }));
}

/** chooseReference, with the select brought out from under the app bar first. */
export async function pickReference(page: Page, scope: Locator, label: string, option: string) {
  await centre(scope.getByLabel(label, { exact: true }));
  await chooseReference(page, scope, label, option);
}

/** Picks `option` in the plain select (an enum) labelled `label`: opened, the option clicked once, the list closed. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string) {
  // The whole select: its value covers the input the label names.
  const select = scope.locator(".ant-select").filter({ has: page.getByLabel(label, { exact: true }) });
  const dropdown = page.locator(".ant-select-dropdown:visible");
  await centre(select);
  await select.click();
  await dropdown.getByTitle(option, { exact: true }).click();
  await expect(select.locator(".ant-select-selection-item")).toHaveAttribute("title", option);
  await expect(dropdown).toHaveCount(0);
}

/** Fills one cell of an inline child table: "Quantity, item 2". */
export function cell(scope: Locator, field: string, noun: string, row: number): Locator {
  return scope.getByLabel(`${field}, ${noun} ${row}`, { exact: true });
}
