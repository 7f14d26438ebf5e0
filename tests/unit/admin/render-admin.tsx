// Renders administration pages inside the real providers with a fake data provider (every
// method a spy over in-memory rows per kind) and the test router bindings.
import type { DataProvider } from "@refinedev/core";
import { render } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../../../src/app-providers";
import { createQueryClient } from "../../../src/providers/query-client";
import { fakeAuth } from "../render-app";
import { testRouterBindings } from "../test-router-bindings";

type Rows = Record<string, Record<string, unknown>[]>;

export function fakeDataProvider(rows: Rows = {}, overrides: Partial<DataProvider> = {}): DataProvider {
  const of = (resource: string) => rows[resource] ?? [];
  return {
    getList: vi.fn(async ({ resource }) => ({ data: of(resource) as never[], total: of(resource).length })),
    getMany: vi.fn(async ({ resource, ids }) => ({
      data: of(resource).filter((r) => ids.map(String).includes(String(r.id))) as never[],
    })),
    getOne: vi.fn(async ({ resource, id }) => ({
      data: of(resource).find((r) => String(r.id) === String(id)) as never,
    })),
    create: vi.fn(async ({ variables }) => ({ data: { id: 100, ...(variables as object) } as never })),
    update: vi.fn(async ({ id, variables }) => ({ data: { id, ...(variables as object) } as never })),
    deleteOne: vi.fn(async ({ id }) => ({ data: { id } as never })),
    custom: vi.fn(async () => ({ data: {} as never })),
    getApiUrl: () => "/api/v1",
    ...overrides,
  };
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderAdmin(
  ui: ReactNode,
  { path, dataProvider }: { path: string; dataProvider: DataProvider },
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders
        auth={fakeAuth({})}
        accessControl={{ can: async () => ({ can: true }) }}
        dataProvider={dataProvider}
        mode="develop"
        queryClient={createQueryClient()}
        routerProvider={testRouterBindings}
      >
        <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
      </AppProviders>
      <LocationProbe />
    </MemoryRouter>,
  );
}
