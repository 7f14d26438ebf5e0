// The EDDM routes page's figures (routes-page.tsx): each ZIP's routes and addresses, and the picked
// routes as the address keeps them (?routes=3,7,9).

export interface ZipTotal {
  zip5: string;
  routes: number;
  residential: number;
  business: number;
  total: number;
}

interface RouteCounts {
  zip5: string;
  residential_count: number;
  business_count: number;
  total_count: number;
}

/** Per ZIP, in ZIP order: how many routes and their residential, business and total addresses. */
export function zipTotals(routes: RouteCounts[]): ZipTotal[] {
  const byZip = new Map<string, ZipTotal>();
  for (const r of routes) {
    const t = byZip.get(r.zip5) ?? { zip5: r.zip5, routes: 0, residential: 0, business: 0, total: 0 };
    t.routes += 1;
    t.residential += r.residential_count;
    t.business += r.business_count;
    t.total += r.total_count;
    byZip.set(r.zip5, t);
  }
  return [...byZip.values()].sort((a, b) => a.zip5.localeCompare(b.zip5));
}

/** The route ids of `?routes=`: positive whole numbers, once each, in order; anything else is dropped. */
export function parseRouteIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}
