// The tools' navigation entries, in the spec's groups (§5 "Tools", "Filemaker pages"): the FileMaker
// pages for every signed-in user (their routes need no permission), /messaging for whoever may read
// SMS templates.
import type { NavigationItem } from "../../layouts/navigation-item";
import { FILEMAKER_LAYOUTS, FILEMAKER_PAGES } from "./filemaker-layouts";

export const toolNavigationItems: NavigationItem[] = [
  {
    route: "/messaging",
    label: "Messaging",
    icon: "message",
    group: "Tools",
    access: { resource: "SmsTemplate", action: "list" },
  },
  {
    route: "/graphic-service-manager",
    label: "Graphic service manager",
    icon: "bg-colors",
    group: "Tools",
    access: { resource: "Order", action: "edit" },
  },
  {
    route: "/4-over-tool",
    label: "4over trade printer",
    icon: "car",
    group: "Tools",
    access: { resource: "Order", action: "list" },
  },
  ...FILEMAKER_PAGES.map((page) => ({
    route: `/filemaker/${page}`,
    label: FILEMAKER_LAYOUTS[page].title,
    icon: "database",
    group: "FileMaker",
  })),
];
