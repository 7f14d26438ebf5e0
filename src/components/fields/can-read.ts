// Whether the caller may read a kind (Refine's access control, answered from memory). Reference
// selects and labels ask first, so a form whose reference points at a kind the caller cannot
// read (e.g. a User field without User Read) shows the id instead of failing with a 403.
import { useCan } from "@refinedev/core";
import type { ResourceKind } from "../../access/kinds";

/** undefined while the answer is pending. */
export function useCanRead(kind: ResourceKind): boolean | undefined {
  const { data } = useCan({ resource: kind, action: "list" });
  return data?.can;
}
