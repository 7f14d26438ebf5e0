// The prepress pages' entries of the navigation drawer (spec §2 /prepress/*), in the "Prepress"
// group in the order work flows through them, each shown to users holding Order ReadAny (spec §6).
import type { NavigationItem } from "../../layouts/navigation-item";
import { JUGGLERS } from "./juggler-logic";

const PAGES: [slug: string, label: string][] = [
  [JUGGLERS.prepress.slug, JUGGLERS.prepress.title],
  [JUGGLERS.digital.slug, JUGGLERS.digital.title],
  ["digital-production", "Digital production"],
  ["digital-cutting", "Digital cutting"],
  ["digital-staging", "Digital staging"],
  ["digital-shipping", "Digital shipping"],
  ["outsource-staging", "Outsource staging"],
];

export const prepressNavigationItems: NavigationItem[] = PAGES.map(([slug, label]) => ({
  route: `/prepress/${slug}`,
  label,
  icon: "prepress",
  group: "Prepress",
  access: { resource: "Order", action: "ReadAny" },
}));
