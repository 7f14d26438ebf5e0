// The direct-mail tools' navigation entries (spec §5 "Tools"): the postcard and letter tools for everyone signed
// in, the automated campaigns for whoever may read mail orders (the server's campaigns answer MailOrder Read).
import type { NavigationItem } from "../../layouts/navigation-item";

export const mailNavigationItems: NavigationItem[] = [
  // The postcard and letter tools: their routes need no permission (spec §6).
  { route: "/postcard-tool", label: "Postcard tool", icon: "mail", group: "Tools" },
  { route: "/letter-tool", label: "Letter tool", icon: "mail", group: "Tools" },
  {
    route: "/automated-drop-postcard-tool",
    label: "Automated campaigns",
    icon: "mail",
    group: "Tools",
    access: { resource: "MailOrder", action: "list" },
  },
];
