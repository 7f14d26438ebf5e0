// The scope of a scoped kind's pages (/products/{site_id}/…): the scope value from the URL, the
// scope record's title ("Main street") for page titles, and the values a new record starts with.
import type { BaseKey } from "@refinedev/core";
import { useOne } from "@refinedev/core";
import { useParams } from "react-router";
import { useCanRead } from "../../components/fields/can-read";
import { recordTitle } from "../../components/fields/record-title";
import type { Resource } from "../../resource-engine/define";
import { fieldOf } from "../../resource-engine/field-of";
import { resourceOf } from "../../resource-engine/registry";
import { SCOPE_PARAM } from "../../resource-engine/resource-routes";

/** The URL's scope value of a scoped kind's page; undefined elsewhere. */
export function useScope(resource: Resource): string | undefined {
  const params = useParams();
  return resource.scopedBy ? params[SCOPE_PARAM] : undefined;
}

/** The scoped field as a new record gets it: the id the URL names (digits, see DigitIds). */
export function scopeValues(
  resource: Resource,
  scope: string | undefined,
): Record<string, BaseKey> | undefined {
  if (!resource.scopedBy || scope === undefined) return undefined;
  return { [resource.scopedBy]: /^\d+$/.test(scope) ? Number(scope) : scope };
}

/** "Main street": the title of the record the scope value names ("#3" until known or if unreadable). */
export function useScopeTitle(resource: Resource, scope: string | undefined): string | undefined {
  const field = resource.scopedBy ? fieldOf(resource, resource.scopedBy) : undefined;
  const target = field?.type === "reference" ? field.target : undefined;
  const canRead = useCanRead(target ?? resource.kind);
  const { result } = useOne({
    resource: target ?? resource.kind,
    id: scope ?? "",
    queryOptions: { enabled: target !== undefined && scope !== undefined && canRead === true },
  });
  if (scope === undefined || target === undefined) return undefined;
  return result ? recordTitle(resourceOf(target), result) : `#${scope}`;
}
