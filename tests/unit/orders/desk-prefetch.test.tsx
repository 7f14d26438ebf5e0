// The order page's first visit asks for its data at navigation, beside its code (desk-prefetch.ts): one request on
// the wire whether the answer or the code comes first, and the page, mounting later, sends none of its own; left
// and visited again, it asks again (nothing kept). The page's own props (deskFetchProps) read the cache here.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { type ComponentType, lazy, Suspense } from "react";
import { Link, MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../src/app-providers";
import { deskFetchProps, deskQueryKey } from "../../../src/custom/orders/desk-prefetch";
import { DeskDataAhead } from "../../../src/custom/orders/desk-route";
import { dataProvider as apiDataProvider } from "../../../src/providers/data-provider";
import { httpClient } from "../../../src/providers/http-client";
import { createQueryClient } from "../../../src/providers/query-client";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { useFetched } from "../../../src/providers/use-fetched";
import { preloadRoute, preloadRouteWhenIdle, registerRoutePreload } from "../../../src/routing/route-preload";
import { fakeAuth } from "../render-app";
import { qsRouterBindings } from "../resource-pages/render-resource";

vi.setConfig({ testTimeout: 20_000 });

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// The counting adapter: every request on the wire, each answered once `gate` opens, with the order's number then.
let sent: string[] = [];
let gate = deferred<void>();
let orderNumber = "A-1";
const originalAdapter = httpClient.defaults.adapter;

beforeEach(() => {
  sent = [];
  gate = deferred<void>();
  orderNumber = "A-1";
  setSessionToken("token-1");
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    sent.push(`${config.method?.toUpperCase()} ${httpClient.getUri(config)}`);
    await gate.promise;
    return {
      status: 200,
      statusText: "",
      headers: {},
      config,
      data: { data: { order_number: orderNumber } },
    };
  };
});

afterEach(() => {
  httpClient.defaults.adapter = originalAdapter;
  clearSession();
});

function DeskProbe() {
  const { order_id = "" } = useParams();
  const { data } = useFetched<{ id: number; order_number: string }>(deskFetchProps(order_id));
  return (
    <>
      <p>{data ? `Order ${data.order_number}` : "Waiting for the order"}</p>
      <Link to="/orders">Back</Link>
    </>
  );
}

/** The app's shape: a Suspense boundary above the route element, the page a lazy chunk the test delivers. */
function renderDesk() {
  const chunk = deferred<{ default: ComponentType }>();
  const Page = lazy(() => chunk.promise);
  const client = createQueryClient();
  render(
    <MemoryRouter initialEntries={["/orders/7"]}>
      <AppProviders
        auth={fakeAuth({})}
        accessControl={{ can: async () => ({ can: true }) }}
        dataProvider={{ ...apiDataProvider }}
        mode="develop"
        queryClient={client}
        routerProvider={qsRouterBindings}
      >
        <Suspense fallback={<p>Loading the page</p>}>
          <Routes>
            <Route
              path="/orders/:order_id"
              element={
                <DeskDataAhead>
                  <Page />
                </DeskDataAhead>
              }
            />
            <Route path="/orders" element={<Link to="/orders/7">Open order 7</Link>} />
          </Routes>
        </Suspense>
        <Link to="/orders">All orders</Link>
      </AppProviders>
    </MemoryRouter>,
  );
  return { client, deliverCode: () => act(async () => chunk.resolve({ default: DeskProbe })) };
}

const DESK = "GET /api/v1/orders/7/desk";

describe("the order page's data, asked at navigation", () => {
  it("is asked for before the page's code arrives, and the page finds the answer without asking again", async () => {
    const { deliverCode } = renderDesk();
    await waitFor(() => expect(sent).toEqual([DESK]));
    expect(screen.getByText("Loading the page")).toBeTruthy();
    await act(async () => gate.resolve());
    await deliverCode();
    expect(await screen.findByText("Order A-1")).toBeTruthy();
    expect(sent).toEqual([DESK]);
  });

  it("is awaited by the page when the code comes first, still one request", async () => {
    const { deliverCode } = renderDesk();
    await waitFor(() => expect(sent).toEqual([DESK]));
    await deliverCode();
    expect(await screen.findByText("Waiting for the order")).toBeTruthy();
    await act(async () => gate.resolve());
    expect(await screen.findByText("Order A-1")).toBeTruthy();
    expect(sent).toEqual([DESK]);
  });

  it("is not kept once the page is left: the next visit asks again and shows the new answer", async () => {
    const { client, deliverCode } = renderDesk();
    await act(async () => gate.resolve());
    await deliverCode();
    expect(await screen.findByText("Order A-1")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Back" }));
    await screen.findByRole("link", { name: "Open order 7" });
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: deskQueryKey("7") })).toBeUndefined());
    orderNumber = "A-2";
    fireEvent.click(screen.getByRole("link", { name: "Open order 7" }));
    expect(await screen.findByText("Order A-2")).toBeTruthy();
    expect(sent).toEqual([DESK, DESK]);
  });
});

describe("an answer asked for a visit left before its page came", () => {
  it("stands for a return within seconds, and is asked again when older", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      renderDesk();
      await act(async () => gate.resolve());
      await waitFor(() => expect(sent).toEqual([DESK]));
      const leaveAndReturn = async () => {
        fireEvent.click(screen.getByRole("link", { name: "All orders" }));
        fireEvent.click(await screen.findByRole("link", { name: "Open order 7" }));
        // The page's code never comes: the list stays while the route waits for it (a transition).
        await act(async () => {});
      };
      vi.setSystemTime(Date.now() + 5_000);
      await leaveAndReturn();
      expect(sent).toEqual([DESK]);
      vi.setSystemTime(Date.now() + 6_000);
      await leaveAndReturn();
      await waitFor(() => expect(sent).toEqual([DESK, DESK]));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a page's code, loaded ahead of its link being followed", () => {
  it("loads the chunk registered for the link's path, whatever its query, and nothing for other paths", () => {
    const load = vi.fn();
    registerRoutePreload((path) => /^\/orders\/\d+$/.test(path), load);
    preloadRoute("/orders/create");
    preloadRoute("/orders/12/edit");
    expect(load).not.toHaveBeenCalled();
    preloadRoute("/orders/12?back=%2Forders%3Fpage%3D2#items");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads it once the browser is idle after a list is shown, unless the list is gone first", () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn();
      registerRoutePreload((path) => path === "/vendors/3", load);
      const cancel = preloadRouteWhenIdle("/vendors/3");
      // The list's own first load is left to finish first.
      vi.advanceTimersByTime(1_000);
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(3_000);
      expect(load).toHaveBeenCalledTimes(1);
      preloadRouteWhenIdle("/vendors/3")();
      cancel();
      vi.advanceTimersByTime(5_000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
