// Refine's resources[] from the declarations: one entry per kind, named by the kind, with route
// strings only. `meta` stays plain serializable data because Refine copies it into every
// data-provider call and into the access-control cache key (no React elements, no functions).
import type { ResourceProps } from "@refinedev/core";
import type { Resource } from "./define";
import { RESOURCES } from "./registry";
import { routesOf } from "./resource-routes";

export function toRefineResource(resource: Resource): ResourceProps {
  const { list, create, show, edit } = routesOf(resource);
  return {
    name: resource.kind,
    // A part of another kind's records has no list of its own (its holder's page lists them).
    list: resource.partOf ? undefined : list,
    create,
    show,
    edit,
    meta: {
      label: resource.label,
      ...(resource.group ? { parent: resource.group } : {}),
      // Every kind of the contract accepts DELETE; the access-control provider hides the button.
      canDelete: true,
      ...(resource.hidden ? { hide: true } : {}),
    },
  };
}

export const REFINE_RESOURCES: ResourceProps[] = RESOURCES.map(toRefineResource);
