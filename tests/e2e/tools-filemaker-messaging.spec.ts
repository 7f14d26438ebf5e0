import { test } from "@playwright/test";
import { signedInAs } from "./sign-in";
import { apiAs, chooseReference, confirmPopover, expect, openMenu } from "./ui-steps";

// The tools of issue 22 as the administrator walks them: the FileMaker pages (from the demo tables,
// as a server without FileMaker settings says) listed, searched, sorted, exported to CSV and, on the
// Heartland dashboard, filtered from its figures; then /messaging: an SMS template previewed with a
// real order (rendered by the server) and sent, which lands in the outbox because SMS is not configured.

async function downloadedText(page: import("@playwright/test").Page, button: string): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const chunks = await (await (await download).createReadStream()).toArray();
  return Buffer.concat(chunks).toString("utf8");
}

test("FileMaker pages and messaging, as the administrator", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInAs(page, "admin@pressroom.test");

  // --- Dental offices: list, search, export, sort
  await openMenu(page, "Dental offices");
  await expect(page.getByText("FileMaker is not configured on this server")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "36 offices" })).toBeVisible();
  const search = page.getByLabel("Search offices");
  await search.fill("Springfield");
  await search.press("Enter");
  await expect(page.getByText("3 offices found for “Springfield”")).toBeVisible();
  await expect(page).toHaveURL(/q=Springfield/);
  const table = page.getByLabel("Dental offices", { exact: true });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).toContainText("Nguyen Family Dentistry");
  await expect(table).toContainText("Riverside Dental Care of Springfield (IL)");

  const csv = (await downloadedText(page, "Export CSV"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv[0]).toBe("Practice,Dentist,Specialty,Street,City,State,ZIP,Phone,Chairs,Last mailed");
  expect(csv).toHaveLength(4);
  expect(csv.slice(1).map((line) => line.split(",")[0])).toEqual([
    "Nguyen Family Dentistry",
    "Riverside Dental Care of Springfield",
    "Riverside Dental Care of Springfield (IL)",
  ]);
  expect(csv.slice(1).every((line) => line.includes(",Springfield,"))).toBe(true);

  await page.getByRole("columnheader", { name: "Chairs" }).click();
  await expect(page).toHaveURL(/sort=chairs/);

  // --- Heartland dashboard: the figures, a chart, a status that filters the list
  await openMenu(page, "Heartland dashboard");
  const byStatus = page.getByLabel("Jobs by status", { exact: true });
  await expect(byStatus.getByRole("row", { name: /Mailed/ })).toContainText("24");
  await expect(page.getByRole("img", { name: /^Heartland jobs by status: / })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "48 jobs" })).toBeVisible();
  await page.getByRole("button", { name: "Show the WI jobs" }).click();
  await expect(page).toHaveURL(/f\.state=WI/);
  await expect(page.getByRole("status").filter({ hasText: "6 jobs" })).toBeVisible();
  await page.getByRole("button", { name: "Remove the filter State: WI" }).click();
  await expect(page.getByRole("status").filter({ hasText: "48 jobs" })).toBeVisible();

  // --- Post offices: search
  await openMenu(page, "Post offices");
  await page.getByLabel("Search post offices").fill("BMEU");
  await page.getByLabel("Search post offices").press("Enter");
  await expect(page.getByText("6 post offices found for “BMEU”")).toBeVisible();

  // --- Messaging: a template previewed with a real order, then kept in the outbox
  const api = await apiAs(page, request);
  const orders =
    await api.get<{ order_number: string; customer_id: number; status_id: number | null }[]>(
      "orders?limit=20",
    );
  const order = orders.find((o) => o.status_id !== null) ?? orders[0];
  const customer = await api.get<{ name: string }>(`customers/${order.customer_id}`);
  const name = `E2E status ${Date.now()}`;
  await api.post("sms-templates", {
    name,
    trigger: "approved",
    body: "Hi {{customer_name}}, order {{order_number}} is {{status}}.",
    active: true,
  });

  await openMenu(page, "Messaging");
  await expect(page.getByText("SMS is not configured on this server")).toBeVisible();
  const form = page.locator("form");
  await chooseReference(page, form, "Template", name);
  await chooseReference(page, form, "Order", order.order_number);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByTestId("sms-preview");
  await expect(preview).toContainText(`Hi ${customer.name}, order ${order.order_number} is `);
  await expect(preview).not.toContainText("{{");
  await page.getByLabel("Send to").fill("(217) 555-0199");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await confirmPopover(page, "Keep this text in the outbox?", "Keep in outbox");
  await expect(
    page.getByText(
      "SMS is not configured on this server: the message to +12175550199 is kept in the outbox, not sent",
    ),
  ).toBeVisible();
  const outbox = page.getByLabel("Outbox and sent messages");
  await expect(outbox.getByRole("row").nth(1)).toContainText(
    `Hi ${customer.name}, order ${order.order_number} is`,
  );
  await expect(outbox.getByRole("row").nth(1)).toContainText("+12175550199");
  await expect(outbox.getByRole("row").nth(1)).toContainText("In the outbox (SMS not configured)");
});
