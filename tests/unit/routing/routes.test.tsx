import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile, setProfile } from "../../../src/auth/profile-store";
import { getConfig } from "../../../src/config/config";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { replacePage } from "../../../src/routing/page-load";
import { SESSION_ONLY_PATHS } from "../../../src/routing/start-choice";
import { renderApp } from "../render-app";

// The first render transforms the lazy layout and antd's modules: give it time.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const location = () => screen.getByTestId("location").textContent;

afterEach(() => {
  clearSession();
  vi.mocked(replacePage).mockReset();
});

describe("routes", () => {
  it("a signed-out visit goes to /login with the full wanted path in `redirect`, served by the guest app", async () => {
    renderApp("/orders/5?tab=files", { signedIn: false });
    await waitFor(() => expect(location()).toBe("/login?redirect=%2Forders%2F5%3Ftab%3Dfiles"), slow);
    // The sign-in pages are the guest app's: a page load of that URL (main.tsx starts it).
    await waitFor(() =>
      expect(replacePage).toHaveBeenCalledWith("/login?redirect=%2Forders%2F5%3Ftab%3Dfiles"),
    );
    expect(screen.queryByRole("button", { name: "Toggle navigation" })).not.toBeInTheDocument();
  });

  // main.tsx sends a signed-out visit of these straight to the guest app, without asking the routes.
  it.each(SESSION_ONLY_PATHS)("the routes agree that %s always needs a session", async (path) => {
    renderApp(`${path}?x=1`, { signedIn: false });
    await waitFor(
      () => expect(location()).toBe(`/login?redirect=${encodeURIComponent(`${path}?x=1`)}`),
      slow,
    );
  });

  it("home: the default layout with the greeting", async () => {
    renderApp("/", { name: "Ada Lovelace" });
    expect(await screen.findByRole("heading", { name: "Welcome, Ada Lovelace" }, slow)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Toggle navigation" })).toBeInTheDocument();
    expect(location()).toBe("/");
  });

  it("an unknown path shows the not-found page with a way home", async () => {
    renderApp("/no/such/page");
    expect(
      await screen.findByText("Sorry, the page you visited does not exist.", undefined, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back Home" })).toBeInTheDocument();
  });

  it("a signed-out visitor sees the not-found page in the guest layout, not the sign-in page", async () => {
    renderApp("/no/such/page", { signedIn: false });
    expect(
      await screen.findByText("Sorry, the page you visited does not exist.", undefined, slow),
    ).toBeInTheDocument();
    expect(location()).toBe("/no/such/page");
    expect(screen.queryByRole("button", { name: "Toggle navigation" })).not.toBeInTheDocument();
  });

  it("an attribute's edit URL leads to its hand-built page, not a drawer of JSON values", async () => {
    const site = { id: 1, name: "Storefront", tenant_id: getConfig().tenantId };
    const roles = [{ Roles: { id: 1, name: "Catalogue", permissions: { Attribute: ["*"] } } }];
    setProfile({
      id: 1,
      name: "Ada",
      email: "ada@pressroom.test",
      UserGroups: [{ Groups: { id: 1, name: "Staff", is_admin: false, Sites: [site], GroupRoles: roles } }],
    });
    try {
      renderApp("/attributes/7/edit");
      await waitFor(() => expect(location()).toBe("/attributes/7"), slow);
    } finally {
      clearProfile();
    }
  });

  it("/unauthorized shows the 403 result with a button home", async () => {
    renderApp("/unauthorized");
    expect(
      await screen.findByText("Sorry, you are not authorized to access this page.", undefined, slow),
    ).toBeInTheDocument();
    screen.getByRole("button", { name: "Back Home" }).click();
    await waitFor(() => expect(location()).toBe("/"), slow);
  });

  it("a signed-in visit to a public route goes to its redirect value", async () => {
    setSessionToken("s");
    renderApp("/login?redirect=%2Funauthorized", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("a signed-in visit to a public route without redirect goes home", async () => {
    setSessionToken("s");
    renderApp("/forgot-password", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/"), slow);
  });

  it("an unsafe redirect value is ignored", async () => {
    setSessionToken("s");
    renderApp("/login?redirect=https%3A%2F%2Fevil.example", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/"), slow);
  });
});
