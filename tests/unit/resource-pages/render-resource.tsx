// Renders resource pages inside the real providers with a fake data provider and router
// bindings that read and write the query string with qs, as @refinedev/react-router does
// (useTable's syncWithLocation keeps nested filters and sorters there).
import type { AccessControlProvider, DataProvider, RouterProvider } from "@refinedev/core";
import { render } from "@testing-library/react";
import qs from "qs";
import { type ComponentProps, forwardRef, type ReactNode, Suspense } from "react";
import { Link, MemoryRouter, useLocation, useNavigate } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../../../src/app-providers";
import { setProfile } from "../../../src/auth/profile-store";
import { getConfig } from "../../../src/config/config";
import { createQueryClient } from "../../../src/providers/query-client";
import { fakeAuth } from "../render-app";

const toNumber = (value: unknown) => (value === undefined || value === "" ? undefined : Number(value));

export const qsRouterBindings: RouterProvider = {
  go: () => {
    const navigate = useNavigate();
    const { pathname, search } = useLocation();
    return ({ to, query, type, options }) => {
      const kept = options?.keepQuery ? qs.parse(search, { ignoreQueryPrefix: true, depth: 5 }) : {};
      const text = qs.stringify(
        { ...kept, ...query },
        { addQueryPrefix: true, skipNulls: true, arrayFormat: "indices", encodeValuesOnly: true },
      );
      const target = `${to ?? pathname}${text}`;
      if (type === "path") return target;
      navigate(target, { replace: type === "replace" });
    };
  },
  back: () => {
    const navigate = useNavigate();
    return () => navigate(-1);
  },
  Link: forwardRef<HTMLAnchorElement, ComponentProps<NonNullable<RouterProvider["Link"]>>>(
    function TestLink(props, ref) {
      return <Link {...props} to={props.to} ref={ref} />;
    },
  ),
  parse: () => {
    const { pathname, search } = useLocation();
    return () => {
      const params = qs.parse(search, { ignoreQueryPrefix: true, depth: 5 }) as Record<string, unknown>;
      return {
        pathname,
        params: { ...params, currentPage: toNumber(params.currentPage), pageSize: toNumber(params.pageSize) },
      };
    };
  },
};

export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

type Records = Record<string, Record<string, unknown>[]>;

/** A data provider over in-memory rows per kind; every method is a spy. */
export function fakeDataProvider(rows: Records = {}, overrides: Partial<DataProvider> = {}): DataProvider {
  const provider: DataProvider = {
    getList: vi.fn(async ({ resource }) => ({
      data: (rows[resource] ?? []) as never[],
      total: rows[resource]?.length ?? 0,
    })),
    getMany: vi.fn(async ({ resource, ids }) => ({
      data: (rows[resource] ?? []).filter((r) => ids.map(String).includes(String(r.id))) as never[],
    })),
    getOne: vi.fn(async ({ resource, id }) => ({
      data: (rows[resource] ?? []).find((r) => String(r.id) === String(id)) as never,
    })),
    create: vi.fn(async ({ variables }) => ({ data: { id: 100, ...(variables as object) } as never })),
    update: vi.fn(async ({ id, variables }) => ({ data: { id, ...(variables as object) } as never })),
    deleteOne: vi.fn(async ({ id }) => ({ data: { id } as never })),
    getApiUrl: () => "/api/v1",
    ...overrides,
  };
  return provider;
}

export function renderWithProviders(
  ui: ReactNode,
  {
    path,
    dataProvider,
    can = async () => ({ can: true }),
  }: { path: string; dataProvider: DataProvider; can?: AccessControlProvider["can"] },
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders
        auth={fakeAuth({})}
        accessControl={{ can }}
        dataProvider={dataProvider}
        mode="develop"
        queryClient={createQueryClient()}
        routerProvider={qsRouterBindings}
      >
        <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
      </AppProviders>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** A profile of the configured tenant whose one role grants `permissions`. */
export function userWith(permissions: Record<string, string[]>) {
  return {
    id: 1,
    name: "Ada",
    email: "ada@example.test",
    UserGroups: [
      {
        Groups: {
          id: 1,
          name: "Staff",
          is_admin: false,
          Sites: [{ id: 1, name: "Main", tenant_id: getConfig().tenantId }],
          GroupRoles: [{ Roles: { id: 1, name: "Clerk", permissions } }],
        },
      },
    ],
  };
}

export function signInWith(permissions: Record<string, string[]>) {
  setProfile(userWith(permissions));
}
