// Issue 19, card payments and card refunds through Stripe, as the desk works them: Casey (CSR) takes part of an
// order's amount by card on its page: a declined card says so and records nothing, a good card is recorded once
// Stripe's signed webhook reaches the server, and the amount due follows; a manager then approves a refund of it,
// which goes to Stripe. Only Stripe.js is stood in for (tests/e2e/stripe-stand-in.ts); the server's stripe package,
// Stripe's API (scripts/stripe-local.mjs, started by scripts/e2e.mjs for this file) and the webhook are real.
import { test } from "@playwright/test";
import { apiOf } from "./api-of";
import { signedInAs } from "./sign-in";
import { STRIPE_E2E, standInForStripeJs } from "./stripe-stand-in";
import { confirmPopover, expect } from "./ui-steps";

interface Saved {
  id: number;
  [key: string]: unknown;
}

test("a CSR takes a card payment (a decline first), and a manager's approved refund goes to Stripe", async ({
  page,
  browser,
}) => {
  expect(STRIPE_E2E.running, "run through scripts/e2e.mjs, which starts the local Stripe API").toBe(true);
  test.setTimeout(90_000);
  const manager = await browser.newPage();
  await signedInAs(manager, "admin@pressroom.test");
  const admin = await apiOf(manager);
  await signedInAs(page, "csr@pressroom.test");
  await standInForStripeJs(page);
  const csr = await apiOf(page);
  const tag = Date.now().toString(36);
  const [product] = await admin.get<Saved[]>("products?active=true&limit=1");
  const customer = await admin.post<Saved>("customers", {
    name: `Card E2E ${tag}`,
    status: "active",
    terms: "prepaid",
  });
  const order = await admin.post<Saved & { order_number: string }>("orders", {
    customer_id: customer.id,
    items: [{ product_id: product.id, description: "Door hangers", quantity: 1000, price: 200 }],
  });
  const number = order.order_number;

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByTestId("amount-due")).toHaveText("$200.00");
  await page.getByRole("button", { name: "Take payment" }).click();
  const pay = page.getByRole("dialog", { name: `Take a payment on ${number}` });
  await pay.getByText("Card", { exact: true }).click();
  await expect(pay.getByRole("radio", { name: "Card" })).toBeChecked();
  await pay.getByLabel("Amount").fill("120");
  await pay.getByRole("button", { name: "Continue to card" }).click();

  // Stripe's test card that is declined: Stripe's sentence, nothing recorded.
  const cardNumber = pay.getByLabel("Card number");
  await cardNumber.fill("4000 0000 0000 0002");
  await pay.getByRole("button", { name: "Pay $120.00" }).click();
  await expect(pay.getByRole("alert")).toHaveText("Your card was declined.");
  expect(await csr.get<Saved[]>(`user-payments?order_id=${order.id}`)).toEqual([]);

  // A good card: recorded when Stripe's webhook lands, and the amount due follows.
  await cardNumber.fill("4242 4242 4242 4242");
  await pay.getByRole("button", { name: "Pay $120.00" }).click();
  await expect(page.getByRole("status")).toContainText(`$120.00 card payment recorded on ${number}`);
  await expect(page.getByTestId("amount-due")).toHaveText("$80.00");
  const payments = await csr.get<Saved[]>(`user-payments?order_id=${order.id}`);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ method: "card", processor: "stripe", status: "captured", amount: 120 });
  expect(String(payments[0].transaction_id)).toMatch(/^pi_/);

  // A refund of part of it, asked by customer service and approved by a manager: sent to Stripe, processed.
  await csr.post("refund-approvals", {
    order_id: order.id,
    payment_id: payments[0].id,
    amount: 30,
    reason: "damaged",
    remedy: "refund",
  });
  await manager.goto(`/refund-approvals?order=${number}`);
  const row = manager.getByRole("row").filter({ hasText: number });
  await row.getByRole("button", { name: `Approve the request on ${number}` }).click();
  await confirmPopover(manager, `Approve $30.00 (refund) on ${number}?`, "Approve");
  await expect(manager.getByRole("status")).toContainText(/approved and refunded through Stripe \(re_\w+\)/);
  await manager.close();
  await page.goto(`/orders/${order.id}?tab=money`);
  await expect(page.getByTestId("amount-due")).toHaveText("$110.00");
});
