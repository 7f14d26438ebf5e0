// Entering an order in the generic form: a numbered field may be left empty ("Assigned when
// saved"), a date declared "now" starts filled, an out-of-range number is refused with a message
// rather than changed, and picking a product fills the item's description and price from its
// tiers, re-priced when the quantity changes unless the user typed the price.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RecordForm } from "../../../src/pages/resource/record-form";
import { defineResource } from "../../../src/resource-engine/define";
import { datetime, integer, money, NOW, reference, text } from "../../../src/resource-engine/fields";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 40_000 });
const slow = { timeout: 20_000 };

const orders = defineResource({
  kind: "Order",
  pages: "routes",
  fields: {
    order_number: text({ required: true, max: 20, numbering: { format: "ORD-{n}" } }),
    ordered_at: datetime({ required: true, default: NOW }),
  },
  children: {
    items: {
      fields: {
        product_id: reference("Product", {
          required: true,
          fills: { description: "name", price: { tiers: "price_tiers", quantity: "quantity" } },
        }),
        description: text({ required: true }),
        quantity: integer({ required: true, min: 1 }),
        price: money(),
      },
      min: 1,
    },
  },
});

const product = {
  id: 7,
  name: "Business cards",
  price_tiers: [
    { quantity: 250, price: 25 },
    { quantity: 500, price: 32 },
  ],
};

function renderCreate() {
  const custom = vi.fn(async ({ url }: { url: string }) => {
    if (url === "orders/fills/items.product_id/7") return { data: product as never };
    throw new Error(`unexpected ${url}`);
  });
  const create = vi.fn(async ({ variables }) => ({ data: { id: 1, ...(variables as object) } as never }));
  const dataProvider = fakeDataProvider(
    { Product: [product], products: [product] },
    { custom: custom as never, create },
  );
  renderWithProviders(
    <RecordForm resource={orders} action="create" onSaved={() => {}} onCancel={() => {}} />,
    {
      path: "/orders/create",
      dataProvider,
    },
  );
  return { custom, create };
}

const cell = (field: string) => screen.getByLabelText(`${field}, item 1`);
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

describe("entering an order", () => {
  it("leaves the number to the server, starts the date now, and refuses -5 with a message", async () => {
    const { create } = renderCreate();
    const number = await screen.findByLabelText("Order number", undefined, slow);
    expect(number).toHaveAttribute("placeholder", "Assigned when saved");
    fireEvent.change(cell("Quantity"), { target: { value: "-5" } });
    fireEvent.blur(cell("Quantity"));
    save();
    expect(await screen.findByText("Quantity must be at least 1", undefined, slow)).toBeInTheDocument();
    // Never changed behind the user's back.
    expect(cell("Quantity")).toHaveValue("-5");
    expect(create).not.toHaveBeenCalled();
  });

  it("fills description and price from the picked product, re-pricing with the quantity until the price is typed", async () => {
    const { custom, create } = renderCreate();
    await screen.findByLabelText("Order number", undefined, slow);
    fireEvent.change(cell("Quantity"), { target: { value: "500" } });
    fireEvent.mouseDown(cell("Product"));
    fireEvent.click(await screen.findByTitle("Business cards", undefined, slow));
    await waitFor(() => expect(cell("Description")).toHaveValue("Business cards"), slow);
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "orders/fills/items.product_id/7" }));
    expect(cell("Price")).toHaveValue("32.00");

    fireEvent.change(cell("Quantity"), { target: { value: "750" } });
    await waitFor(() => expect(cell("Price")).toHaveValue("48.00"), slow);

    fireEvent.change(cell("Price"), { target: { value: "40" } });
    fireEvent.change(cell("Quantity"), { target: { value: "250" } });
    save();
    // The typed price stays; the number is the server's; the date was filled when the form opened.
    await waitFor(() => expect(create).toHaveBeenCalled(), slow);
    const sent = create.mock.calls[0][0].variables as Record<string, unknown>;
    expect(sent).not.toHaveProperty("order_number");
    expect(Date.parse(String(sent.ordered_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(sent.items).toEqual([{ product_id: 7, description: "Business cards", quantity: 250, price: 40 }]);
  });
});
