import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, expect } from "./ui-steps";

// Direct mail (issue 22), as the shop's administrator walks it (customer service has no List permissions in the seed): a 5,000-row list uploaded on its page, its columns
// mapped (the page guesses them from the header), validated and deduplicated by household with
// the duplicates counted, and the valid addresses exported.

/** 4,900 households, then 100 more people at the first 100 of them: 100 household duplicates. */
function listCsv(): string {
  const rows = ["FNAME,LNAME,ADDR1,CITY,ST,ZIP"];
  for (let i = 0; i < 5_000; i++) {
    const house = i < 4_900 ? i : i - 4_900;
    rows.push(`Person${i},Family${house},${house + 1} Main St,Springfield,IL,62701`);
  }
  return `${rows.join("\r\n")}\r\n`;
}

test("a mailing list: upload 5,000 rows, map, dedupe by household, export", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const list = await api.post<{ id: number }>("lists", {
    name: `E2E intake ${Date.now()}`,
    source: "uploaded",
  });

  await page.goto(`/lists/${list.id}`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "spring.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(listCsv()),
  });
  await expect(page.getByText("5,000 rows uploaded")).toBeVisible({ timeout: 20_000 });

  // The columns are guessed from the header; the map is saved under its name.
  const item = (label: string) =>
    page.locator(".ant-form-item").filter({ has: page.getByRole("combobox", { name: label }) });
  await expect(item("Address 1")).toContainText("ADDR1");
  await expect(item("ZIP")).toContainText("ZIP");
  await page.getByLabel("Field map name").fill("E2E spring");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(page.getByRole("button", { name: "Validate and dedupe" })).toBeVisible();

  await page.getByRole("button", { name: "Validate and dedupe" }).click();
  const stat = (title: string) =>
    page.locator(".ant-statistic").filter({ has: page.getByText(title, { exact: true }) });
  await expect(stat("Duplicates removed")).toContainText("100", { timeout: 20_000 });
  await expect(stat("Valid")).toContainText("4,900");
  await expect(stat("Invalid")).toContainText("0");
  await expect(page.getByText("CASS and NCOA are not configured")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export valid" }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(text).toString("utf8").trim().split("\r\n");
  expect(lines).toHaveLength(4_901);
  expect(lines[1]).toBe("Person0,Family0,,1 MAIN ST,,SPRINGFIELD,IL,62701,,2,valid,");
});
