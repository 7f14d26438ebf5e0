// The sign-in paths inside the full app: a signed-in visitor goes on (spec §2); anyone else gets a page load,
// for which main.tsx starts the guest app.
import type { AuthProvider } from "@refinedev/core";
import { Refine } from "@refinedev/core";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession, getSessionToken, setSessionToken } from "../../../src/providers/session";
import { GuestHandoff } from "../../../src/routing/guest-handoff";
import { replacePage } from "../../../src/routing/page-load";
import { PUBLIC_PATHS } from "../../../src/routing/public-paths";
import { testRouterBindings } from "../test-router-bindings";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  clearSession();
  vi.mocked(replacePage).mockReset();
});

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderAt(path: string, check: AuthProvider["check"]) {
  const auth: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    onError: async () => ({}),
    check,
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <Refine authProvider={auth} routerProvider={testRouterBindings} options={{ disableTelemetry: true }}>
        <Routes>
          {PUBLIC_PATHS.map((guestPath) => (
            <Route key={guestPath} path={guestPath} element={<GuestHandoff />} />
          ))}
          <Route path="*" element={<p>an app page</p>} />
        </Routes>
        <LocationProbe />
      </Refine>
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId("location").textContent;
const signedIn: AuthProvider["check"] = async () => ({ authenticated: true });

describe("GuestHandoff", () => {
  it("sends a signed-in visitor to the redirect value", async () => {
    setSessionToken("s");
    renderAt("/login?redirect=%2Forders%3Fpage%3D2", signedIn);
    await waitFor(() => expect(location()).toBe("/orders?page=2"));
    expect(replacePage).not.toHaveBeenCalled();
  });

  it("sends a signed-in visitor home without a redirect value", async () => {
    setSessionToken("s");
    renderAt("/register?token=t", signedIn);
    await waitFor(() => expect(location()).toBe("/"));
  });

  it.each(["%2F%2Fevil.com", "https%3A%2F%2Fevil.com", "%2F%5Cevil"])(
    "refuses the redirect %s",
    async (value) => {
      setSessionToken("s");
      renderAt(`/login?redirect=${value}`, signedIn);
      await waitFor(() => expect(location()).toBe("/"));
    },
  );

  it("without a session (after logout or a 401) reloads the page for the guest app at once", async () => {
    const check = vi.fn(async () => ({ authenticated: false }));
    renderAt("/login?redirect=%2Forders", check);
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith("/login?redirect=%2Forders"));
    expect(replacePage).toHaveBeenCalledTimes(1);
    expect(location()).toBe("/login?redirect=%2Forders");
  });

  it("waits for the check while there is a cookie, without showing or reloading anything", async () => {
    setSessionToken("s");
    renderAt("/login", () => new Promise(() => {}));
    expect(await screen.findByLabelText("Loading")).toBeInTheDocument();
    expect(replacePage).not.toHaveBeenCalled();
  });

  it("when the stored session turns out to be invalid, drops it and reloads for the guest app", async () => {
    setSessionToken("stale");
    renderAt("/forgot-password", async () => ({ authenticated: false, logout: true }));
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith("/forgot-password"));
    // Without the cookie main.tsx starts the guest app here: no way back into this loop.
    expect(getSessionToken()).toBeUndefined();
  });
});
