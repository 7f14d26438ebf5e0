import { childRef, type SeedRow } from "../define";
import type { OrderPlan, Shop } from "./model";

// A packing slip for each order packed to ship (mail goes in trays, not boxes): what is in the
// cartons, how heavy, which carrier and tracking number. No prices.

const SERVICES: Record<string, [string, string][]> = {
  ground: [
    ["ups", "Ground"],
    ["fedex", "FedEx Ground"],
  ],
  two_day: [
    ["ups", "2nd Day Air"],
    ["fedex", "FedEx 2Day"],
  ],
  overnight: [
    ["ups", "Next Day Air"],
    ["fedex", "Priority Overnight"],
  ],
  freight: [["freight", "LTL freight"]],
  local_delivery: [["local_courier", "Same-day courier"]],
  pickup: [["pickup", "Will call"]],
};

function tracking(shop: Shop, carrier: string): string | null {
  const { random } = shop;
  const digits = (n: number) => String(random.int(10 ** (n - 1), 10 ** n - 1));
  if (carrier === "ups") return `1Z8A47E${random.pick(["03", "02", "01"])}${digits(9)}`;
  if (carrier === "fedex") return digits(12);
  if (carrier === "freight") return `PRO ${digits(9)}`;
  return null;
}

export function packingSlipRows(shop: Shop, orders: OrderPlan[]): SeedRow[] {
  const { random, now, full, staff } = shop;
  const packed = orders
    .filter(
      (o) =>
        o.packedAt !== null &&
        o.packedAt <= now &&
        o.items.some((it) => !it.mailing && it.stoppedAt === null),
    )
    .sort((a, b) => (a.packedAt as number) - (b.packedAt as number));
  const prefix = full ? "PS-" : "OS-";
  const base = full ? 70_001 : 701;
  const from = shop.facilities[0];
  return packed.map((order, i): SeedRow => {
    const lines = order.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => !item.mailing && item.stoppedAt === null);
    const weight = lines.reduce((w, { item }) => w + item.quantity * item.product.weight, 0);
    const cartons = Math.max(1, Math.ceil(weight / 30));
    const [carrier, service] = random.pick(SERVICES[order.shipMethod] ?? SERVICES.ground);
    const shipped = order.shippedAt !== null && order.shippedAt <= now;
    const delivered = order.deliveredAt !== null && order.deliveredAt <= now;
    const number = `${prefix}${base + i}`;
    return {
      $key: number,
      slip_number: number,
      order_id: shop.ref("Order", order.key),
      ship_to_id: order.customer.shipping ? shop.ref("CustomerAddress", order.customer.shipping) : null,
      ship_from_id: from ? shop.ref("Location", from) : null,
      // Blind shipping names the customer's return address as the sender.
      return_address_id:
        order.blindShip && order.customer.returnAddress
          ? shop.ref("CustomerAddress", order.customer.returnAddress)
          : null,
      cartons,
      quantity_per_carton: lines.length === 1 ? Math.ceil(lines[0].item.quantity / cartons) : null,
      weight: Math.round((weight + cartons * 0.8) * 10) / 10,
      carrier,
      service,
      tracking_number: shipped ? tracking(shop, carrier) : null,
      packed_by_id: staff.press ? shop.ref("User", staff.press) : null,
      packed_at: new Date(order.packedAt as number),
      shipped_at: shipped ? new Date(order.shippedAt as number) : null,
      print_count: random.chance(0.15) ? 2 : 1,
      status: delivered ? "delivered" : shipped ? "shipped" : "packed",
      lines: lines.map(({ item, index }) => ({
        order_item_id: childRef("Order", order.key, "items", index),
        description: item.product.name,
        quantity_ordered: item.quantity,
        quantity_shipped: item.quantity,
        quantity_backordered: 0,
      })),
      $createdAt: new Date(order.packedAt as number),
      $updatedAt: new Date(
        Math.max(
          ...[order.packedAt, order.shippedAt, order.deliveredAt].filter(
            (t): t is number => t !== null && t <= now,
          ),
        ),
      ),
    };
  });
}
