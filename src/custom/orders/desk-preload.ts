// The order page's code chunk, loaded by its route and, ahead of a click, by the links that open it.
export const loadOrderDeskPage = () => import("./order-desk-page");

/** Starts loading the order page's code (a link to an order hovered or focused); a failure is the route's to show. */
export function preloadOrderDeskPage(): void {
  loadOrderDeskPage().catch(() => {});
}
