// The order page's route element: asks for the page's data while the page's code loads (desk-prefetch.ts).
import { useDataProvider } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { prefetchDesk } from "./desk-prefetch";

export function DeskDataAhead({ children }: { children: ReactNode }) {
  const { order_id = "" } = useParams();
  const client = useQueryClient();
  const { custom } = useDataProvider()();
  // During render, as TanStack Query's usePrefetchQuery does: effects would wait for the lazy page to commit.
  if (custom) prefetchDesk(client, custom, order_id);
  return children;
}
