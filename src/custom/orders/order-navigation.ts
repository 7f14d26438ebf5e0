// The order desk's own navigation entries: the files of every order (Order ReadAny, as its route).
import type { NavigationItem } from "../../layouts/navigation-item";

export const orderNavigationItems: NavigationItem[] = [
  {
    route: "/order-files",
    label: "Order files",
    icon: "file-text",
    group: "Orders",
    access: { resource: "Order", action: "list" },
  },
];
