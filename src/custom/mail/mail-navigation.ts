// The direct-mail tools' navigation entries (spec §5 "Tools"): the postcard and letter tools for whoever may create
// mail orders, the automated campaigns for whoever may read mail orders (the server's campaigns answer MailOrder Read).
import type { NavigationItem } from "../../layouts/navigation-item";

export const mailNavigationItems: NavigationItem[] = [
  // The postcard and letter tools: their routes need no permission (spec §6), but only whoever may make mail
  // orders can price or create a job there, so only they see the entries.
  ...(["postcard", "letter"] as const).map((tool) => ({
    route: `/${tool}-tool`,
    label: tool === "postcard" ? "Postcard tool" : "Letter tool",
    icon: "mail",
    group: "Tools",
    access: { resource: "MailOrder", action: "create" },
  })),
  {
    route: "/automated-drop-postcard-tool",
    label: "Automated campaigns",
    icon: "mail",
    group: "Tools",
    access: { resource: "MailOrder", action: "list" },
  },
];
