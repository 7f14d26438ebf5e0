// How a record is named in titles, reference cells and reference selects: its declaration's
// titleField, else (an identity kind such as User, which has no declaration) its name, else its
// kind and id ("Transaction 336", as the server's look-ups name it; "#336" alone read as a placeholder).
import type { BaseRecord } from "@refinedev/core";
import type { Resource } from "../../resource-engine/define";
import { EMPTY, formatPlain } from "./format";

export function recordTitle(resource: Resource | undefined, record: BaseRecord | undefined): string {
  if (!record) return EMPTY;
  if (resource) {
    const text = formatPlain(resource.fields[resource.titleField], record[resource.titleField]);
    if (text !== EMPTY) return text;
  } else if (typeof record.name === "string" && record.name.trim() !== "") {
    return record.name;
  }
  if (record.id === undefined) return EMPTY;
  return resource ? `${resource.singular} ${record.id}` : `#${record.id}`;
}
