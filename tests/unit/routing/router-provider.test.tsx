import { type IResourceItem, matchResourceFromRoute, ResourceContext } from "@refinedev/core";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { matchRoute, parseSearch, useParseLocation } from "../../../src/routing/router-provider";

// Our router binding answers `parse` as @refinedev/react-router does, with the route match kept per
// resource list and pathname (src/routing/router-provider.ts).
const resources: IResourceItem[] = [
  {
    name: "Vendor",
    list: "/vendors",
    show: "/vendors/:id",
    edit: "/vendors/:id/edit",
    create: "/vendors/create",
  },
  { name: "Order", list: "/orders", show: "/orders/:id" },
];

function parsedAt(url: string, inRoute?: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <ResourceContext.Provider value={{ resources }}>
        {inRoute ? (
          <Routes>
            <Route path={inRoute} element={children} />
          </Routes>
        ) : (
          children
        )}
      </ResourceContext.Provider>
    </MemoryRouter>
  );
  return renderHook(() => useParseLocation()(), { wrapper }).result.current;
}

describe("router binding: parse", () => {
  it("names the resource, action and id, and reads the query as Refine's tables do", () => {
    const parsed = parsedAt(
      "/vendors/12/edit?currentPage=2&pageSize=25&sorters[0][field]=name&sorters[0][order]=asc&to=%2Forders",
    );
    expect(parsed.resource?.name).toBe("Vendor");
    expect(parsed.action).toBe("edit");
    expect(parsed.id).toBe("12");
    expect(parsed.pathname).toBe("/vendors/12/edit");
    expect(parsed.params).toMatchObject({
      currentPage: 2,
      pageSize: 25,
      sorters: [{ field: "name", order: "asc" }],
      to: "/orders",
    });
  });

  it("takes the id from the <Route> when there is one, and leaves a non-number page as it came", () => {
    const parsed = parsedAt("/orders/7?currentPage=x", "/orders/:id");
    expect(parsed.resource?.name).toBe("Order");
    expect(parsed.action).toBe("show");
    expect(parsed.id).toBe("7");
    expect(parsed.params?.currentPage).toBe("x");
  });

  it("knows no resource off the resources' routes", () => {
    const parsed = parsedAt("/profile");
    expect(parsed.resource).toBeUndefined();
    expect(parsed.action).toBeUndefined();
    expect(parsed.params?.currentPage).toBeUndefined();
  });

  it("matches a pathname once per resource list, with Refine's own answer", () => {
    const first = matchRoute("/vendors/3", resources);
    expect(matchRoute("/vendors/3", resources)).toBe(first);
    expect(first).toEqual(matchResourceFromRoute("/vendors/3", resources));
    // Another resource list (Refine rebuilt it) is matched afresh.
    const copy = [...resources];
    expect(matchRoute("/vendors/3", copy)).not.toBe(first);
    expect(parseSearch("?a[0]=1")).toBe(parseSearch("?a[0]=1"));
  });
});
