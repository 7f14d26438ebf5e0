// The direct-mail tools' navigation entries (spec §5 "Tools"): the automated campaigns, for whoever may read mail
// orders (the server's campaigns answer MailOrder Read).
import type { NavigationItem } from "../../layouts/navigation-item";

export const mailNavigationItems: NavigationItem[] = [
  {
    route: "/automated-drop-postcard-tool",
    label: "Automated campaigns",
    icon: "mail",
    group: "Tools",
    access: { resource: "MailOrder", action: "list" },
  },
];
