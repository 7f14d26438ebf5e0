// The graphic service manager's writes (server/tools/graphic-services.ts) through the app's one http client:
// a failure is shown by it (spec §8: the server's sentence, e.g. a 409's) and rethrown; a 403 resolves undefined.
import { request } from "../../providers/http-client";

export interface DesignChange {
  designer_id?: number | null;
  design_due?: string | null;
}

export function changeDesign(orderId: number, itemId: number, version: number, change: DesignChange) {
  return request<{ data: { version: number } }>({
    method: "PATCH",
    resource: `orders/${orderId}/items/${itemId}/design`,
    data: { version, ...change },
  });
}

export function logDesignHours(orderId: number, itemId: number, version: number, hours: number) {
  return request<{ data: { version: number } }>({
    method: "POST",
    resource: `orders/${orderId}/items/${itemId}/design-hours`,
    data: { version, hours },
  });
}
