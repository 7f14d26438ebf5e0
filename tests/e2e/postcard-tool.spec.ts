import { test } from "@playwright/test";
import { mailDates } from "../server/mail-dates";
import { pickDateTime } from "./form-steps";
import { signedInAs } from "./sign-in";
import { apiAs, chooseReference, expect, openMenu } from "./ui-steps";

// The postcard tool (issue 22) as the shop's administrator walks it (the test finds its list and product through
// pages customer service does not read; the server test covers customer service's calls): product and size (a size no postcard has refused
// first), uploaded artwork (a file of the wrong type refused, the front uploaded to the job, saved first), a customer's
// mailing list with its counts, the count and price, two drops (one on a USPS holiday refused with its reason, then
// moved), the proof, and the order created with its mail order and the artwork among its files.

const { FIRST, SECOND, HOLIDAY } = mailDates();
/** A 1 × 1 PNG: the front artwork. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("the administrator prices a postcard mailing, schedules two drops and creates the order", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const lists =
    await api.get<
      {
        id: number;
        name: string;
        customer_id: number | null;
        record_count: number;
        valid_count: number | null;
      }[]
    >("lists?limit=100");
  // A processed list mails its valid records, one not processed yet all of them.
  const list = lists.find(
    (l) =>
      l.customer_id !== null && ((l.valid_count ?? 0) > 0 ? (l.valid_count ?? 0) : l.record_count) >= 500,
  );
  expect(list, "a seeded customer's list of 500 records or more").toBeDefined();
  const customer = await api.get<{ name: string }>(`customers/${list?.customer_id}`);
  const products = await api.get<{ name: string; price_tiers: unknown[] | null }[]>(
    "products?limit=100&sort=name",
  );
  const product = products.find((p) => Array.isArray(p.price_tiers) && p.price_tiers.length > 0);
  expect(product, "a product with price tiers").toBeDefined();

  await openMenu(page, "Postcard tool");
  await expect(page.getByRole("heading", { name: "Postcard tool", level: 3 })).toBeVisible();
  const next = page.getByRole("button", { name: "Next" });

  // --- Product and size: 5 × 7 in is no postcard
  await chooseReference(page, page.locator("main"), "Customer", customer.name);
  await chooseReference(page, page.locator("main"), "Product", product?.name ?? "");
  await page.getByLabel("Width (in)").fill("5");
  await page.getByLabel("Length (in)").fill("7");
  await next.click();
  await expect(
    page.getByText("A postcard is 3.5–4.25 in by 5–6 in: 5 × 7 in does not mail as one"),
  ).toBeVisible();
  await page.getByLabel("Width (in)").fill("4");
  await page.getByLabel("Length (in)").fill("6");
  await next.click();

  // --- Artwork uploaded: nothing yet is refused; a text file is no artwork; the front goes to the job, saved first
  await page.getByLabel("Uploaded artwork").check();
  await next.click();
  await expect(page.getByRole("alert").filter({ hasText: "Upload the front artwork" })).toBeVisible();
  const front = page.getByLabel("Front artwork file");
  await front.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not art") });
  await expect(page.getByText("notes.txt is not printable artwork: send a PDF, PNG or JPEG")).toBeVisible();
  await front.setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
  await expect(page).toHaveURL(/\/postcard-tool\/\d+$/);
  await expect(page.getByText("front.png")).toBeVisible();
  await next.click();
  const listRow = page.getByRole("row", { name: new RegExp(list?.name ?? "") });
  await expect(listRow).toContainText((list?.record_count ?? 0).toLocaleString("en-US"));
  await listRow.getByRole("checkbox").check();
  await next.click();

  // --- Count and price: 500 pieces as Marketing Mail
  await page.getByLabel("Pieces").fill("500");
  await next.click();
  const price = page.getByRole("region", { name: "Price" });
  await expect(price).toContainText("500 × $0.31");
  await expect(price).toContainText("$155.00");
  await next.click();

  // --- Two drops: the second on a USPS holiday is refused with its reason, then moved
  await page.getByRole("button", { name: "Add a drop" }).click();
  await pickDateTime(page, page.locator("main"), "Drop 1", FIRST);
  await page.getByRole("button", { name: "Add a drop" }).click();
  await pickDateTime(page, page.locator("main"), "Drop 2", HOLIDAY.date);
  await next.click();
  await expect(page.getByRole("alert").filter({ hasText: "USPS holiday" }).first()).toContainText(
    `Drops cannot mail on a USPS holiday: ${HOLIDAY.date} is ${HOLIDAY.name}`,
  );
  await pickDateTime(page, page.locator("main"), "Drop 2", SECOND);
  await next.click();

  // --- Proof: the summary, confirmed; the order is created and opened with its mail order
  const proof = page.getByRole("region", { name: "Proof" });
  await expect(proof).toContainText(`${FIRST}: 250; ${SECOND}: 250`);
  await expect(proof).toContainText("Front: front.png");
  await page.getByRole("button", { name: "Create the order" }).click();
  await expect(page.getByText("Confirm the proof before creating the order")).toBeVisible();
  await page.getByLabel("I checked the proof: create the order").check();
  await page.getByRole("button", { name: "Create the order" }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = page.url().match(/\/orders\/(\d+)$/)?.[1];
  const mailOrders = await api.get<{ mail_order_number: string; piece_count: number }[]>(
    `mail-orders?order_id=${orderId}`,
  );
  expect(mailOrders.map((m) => m.piece_count)).toEqual([500]);
  await page.getByRole("tab", { name: "Mail orders" }).click();
  await expect(page.getByText(mailOrders[0].mail_order_number).first()).toBeVisible();
  const files = await api.get<{ name: string; kind: string }[]>(`order-files?order_id=${orderId}`);
  expect(files.map((f) => [f.name, f.kind])).toEqual([["front.png", "artwork"]]);
});

// The EDDM routes page (issue 22): reached from the sidebar, two routes of a ZIP picked (kept in the address),
// then the postcard tool opens mailing to them; its mailing step shows them chosen with their addresses.
test("the administrator picks EDDM routes and starts a postcard mailing to them", async ({
  page,
  request,
}) => {
  await signedInAs(page, "admin@pressroom.test");
  const api = await apiAs(page, request);
  const routes =
    await api.get<{ id: number; zip5: string; carrier_route: string; total_count: number }[]>(
      "mail-tools/routes",
    );
  const zip = routes[0]?.zip5 ?? "";
  const [first, second] = routes.filter((r) => r.zip5 === zip);
  expect(second, "a seeded ZIP with two routes").toBeDefined();
  const addresses = (first?.total_count ?? 0) + (second?.total_count ?? 0);

  await openMenu(page, "EDDM routes");
  await expect(page.getByRole("heading", { name: "EDDM routes", level: 3 })).toBeVisible();
  const zipRow = page.getByRole("row", { name: new RegExp(`^${zip}`) }).first();
  await expect(zipRow).toBeVisible();
  const start = page.getByRole("button", { name: /Mail postcards to/ });
  await expect(start).toBeDisabled();
  // The choice lives in the address: the box shows it once the navigation has rendered (not at the click).
  for (const r of [first, second]) {
    const box = page.getByLabel(`Route ${zip} ${r?.carrier_route}`);
    await box.click();
    await expect(box).toBeChecked();
  }
  await expect(page).toHaveURL(new RegExp(`routes=${first?.id}(%2C|,)${second?.id}`));
  await page.getByRole("link", { name: "Mail postcards to these 2 routes" }).click();
  await expect(page.getByRole("heading", { name: "Postcard tool", level: 3 })).toBeVisible();

  const customer = (await api.get<{ name: string }[]>("customers?limit=1&status=active"))[0];
  const product = (await api.get<{ name: string }[]>("products?limit=1&sort=name"))[0];
  const next = page.getByRole("button", { name: "Next" });
  await chooseReference(page, page.locator("main"), "Customer", customer?.name ?? "");
  await chooseReference(page, page.locator("main"), "Product", product?.name ?? "");
  // EDDM takes flats only (domain.md): a 4 × 6 in postcard is refused with the sizes it takes, a jumbo one passes.
  await expect(page.getByText(/^An EDDM piece is larger than a letter/)).toBeVisible();
  await page.getByLabel("Width (in)").fill("4");
  await page.getByLabel("Length (in)").fill("6");
  await next.click();
  await expect(page.getByText(/EDDM takes only flats: .*; 4 × 6 in mails to a list/)).toBeVisible();
  await page.getByLabel("Width (in)").fill("6.25");
  await page.getByLabel("Length (in)").fill("11");
  await next.click();
  const [template] = await api.get<{ name: string }[]>("templates?limit=1&sort=name");
  await chooseReference(page, page.locator("main"), "Template", template?.name ?? "");
  await next.click();
  await expect(
    page.getByText(`2 routes chosen, ${addresses.toLocaleString("en-US")} addresses`),
  ).toBeVisible();
});
