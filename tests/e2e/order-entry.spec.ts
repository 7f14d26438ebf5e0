// A customer-service representative enters an order as a person does: the customer from a list, its own
// addresses only, a product whose description and price fill themselves, a quantity, Save. No number and no
// date typed. Then what is wrong is refused with a message: a quantity of -5 and an order with no items.
import { type APIRequestContext, test } from "@playwright/test";
import { cell, pickReference } from "./form-steps";
import { DEMO_PASSWORD, signedInAs, withSession } from "./sign-in";
import { expect, openMenu } from "./ui-steps";

interface Address {
  id: number;
  customer_id: number;
}
interface Product {
  id: number;
  name: string;
  active: boolean;
  price_tiers: { quantity: number; price: number }[] | null;
}
interface Order {
  order_number: string;
  ordered_at: string;
  customer_id: number;
  bill_to_id: number | null;
  status_id: number | null;
  items: { product_id: number; description: string; quantity: number; price: number | string }[];
}

/** The administrator's API, to look things up and check what the CSR's page stored (the CSR may not read all). */
async function adminApi(request: APIRequestContext) {
  const login = await request.post("/api/v1/auth/login", {
    data: { email: "admin@pressroom.test", password: DEMO_PASSWORD, tenantId: 1 },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).data.sessionCookie}` };
  return async <T>(path: string): Promise<T> => {
    const response = await request.get(`/api/v1/${path}`, { headers });
    expect(response.status(), path).toBe(200);
    return (await response.json()).data as T;
  };
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A customer with two or more addresses, and a product with tiers whose name no other product shares. */
async function fixtures(get: Awaited<ReturnType<typeof adminApi>>) {
  let own: Address[] = [];
  let customerId: number | undefined;
  for (const candidate of await get<{ id: number }[]>("customers?status=active&limit=20")) {
    own = await get<Address[]>(`customer-addresses?customer_id=${candidate.id}&limit=100`);
    if (own.length >= 2) {
      customerId = candidate.id;
      break;
    }
  }
  expect(customerId, "a customer with two addresses").toBeDefined();
  const customer = await get<{ id: number; name: string }>(`customers/${customerId}`);
  const products = await get<Product[]>("products?active=true&limit=100&sort=name");
  const names = groupBy(products, (p) => p.name);
  const product = products.find((p) => (p.price_tiers?.length ?? 0) >= 2 && names.get(p.name)?.length === 1);
  expect(product, "a product with price tiers").toBeDefined();
  return { customer, addresses: own, product: product as Product };
}

test("the CSR enters an order by choosing: number, date and status come by themselves, the product fills its line", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const get = await adminApi(request);
  const { customer, addresses, product } = await fixtures(get);
  const tier = (product.price_tiers ?? [])[1];

  await signedInAs(page, "csr@pressroom.test");
  await openMenu(page, "Orders");
  await page.getByRole("button", { name: "Create order" }).first().click();
  await expect(page.getByRole("heading", { name: "Create order", level: 3 })).toBeVisible();
  const form = page.locator("form");
  // Nothing to type for the number and the date.
  await expect(form.getByLabel("Order number")).toHaveValue("");
  await expect(form.getByLabel("Ordered at", { exact: true })).not.toHaveValue("");

  await pickReference(page, form, "Customer", customer.name);
  // Bill to offers this customer's addresses, and only those.
  const billTo = form.getByLabel("Bill to", { exact: true });
  await billTo.click();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options).toHaveCount(addresses.length);
  await options.first().click();

  const items = form.getByRole("region", { name: "Items" });
  await pickReference(page, items, "Product, item 1", product.name);
  await expect(cell(items, "Description", "item", 1)).toHaveValue(product.name);
  await cell(items, "Quantity", "item", 1).fill(String(tier.quantity));
  await expect.poll(async () => Number(await cell(items, "Price", "item", 1).inputValue())).toBe(tier.price);
  await form.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const id = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  const order = await get<Order>(`orders/${id}`);
  await expect(page.getByRole("heading", { name: order.order_number, level: 3 })).toBeVisible();
  expect(order.order_number).toMatch(/^ORD-\d+$/);
  expect(Math.abs(Date.parse(order.ordered_at) - Date.now())).toBeLessThan(10 * 60_000);
  expect(order.status_id).not.toBeNull();
  expect(order.customer_id).toBe(customer.id);
  expect(addresses.map((a) => a.id)).toContain(order.bill_to_id);
  expect(order.items).toHaveLength(1);
  expect(order.items[0]).toMatchObject({
    product_id: product.id,
    description: product.name,
    quantity: tier.quantity,
  });
  expect(Number(order.items[0].price)).toBe(tier.price);
});

test("a quantity of -5 and an order without items are refused with a message, and nothing is saved", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const get = await adminApi(request);
  const { customer, product } = await fixtures(get);
  const ordersOf = () =>
    get<Order[]>(`orders?customer_id=${customer.id}&limit=100`).then((list) => list.length);
  const before = await ordersOf();

  await withSession(page, "csr@pressroom.test");
  await page.goto("/orders/create");
  const form = page.locator("form");
  await pickReference(page, form, "Customer", customer.name);
  const items = form.getByRole("region", { name: "Items" });
  await pickReference(page, items, "Product, item 1", product.name);
  const quantity = cell(items, "Quantity", "item", 1);
  await quantity.fill("-5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Quantity must be at least 1")).toBeVisible();
  // Not quietly changed to 1.
  await expect(quantity).toHaveValue("-5");
  await expect(page).toHaveURL(/\/orders\/create$/);

  await items.getByRole("button", { name: "Remove item 1" }).click();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Add at least 1 item.")).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/create$/);
  // Neither attempt stored an order for the customer.
  expect(await ordersOf()).toBe(before);
});
