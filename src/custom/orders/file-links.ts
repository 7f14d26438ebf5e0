// Where an order file's signed links lead, and which of an order's files show on an item.
import { apiUrl } from "../../providers/post-json";

/** A link the server hands out (/api/v1/files/…, a path on the API's origin) as an address the browser opens. */
export function fileHref(link: string, page: string = window.location.href): string {
  return new URL(link, new URL(apiUrl(""), page)).toString();
}

/** The kinds an item's row shows thumbnails of: what the customer sent and what went back as proofs. */
const ITEM_KINDS = ["artwork", "print_ready", "proof"];

/** The item's artwork, print-ready and proof files, oldest first (the order they came in). */
export function itemFiles<F extends { id: number; kind: string; order_item_id?: number | null }>(
  files: F[],
  itemId: number,
): F[] {
  return files
    .filter((f) => f.order_item_id === itemId && ITEM_KINDS.includes(f.kind))
    .sort((a, b) => a.id - b.id);
}
