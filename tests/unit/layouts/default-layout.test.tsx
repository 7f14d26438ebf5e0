import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AxiosError, type InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clear, push } from "../../../src/providers/feedback-store";
import { httpClient, request } from "../../../src/providers/http-client";
import { start, stop } from "../../../src/providers/loader-store";
import { getSessionToken, setSessionToken } from "../../../src/providers/session";
import { replacePage } from "../../../src/routing/page-load";
import { renderApp } from "../render-app";

// Going to a sign-in page ends in a page load, for which main.tsx starts the guest app; jsdom cannot load pages.

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };
const location = () => screen.getByTestId("location").textContent;

afterEach(() => {
  clear();
  stop();
  vi.restoreAllMocks();
  vi.mocked(replacePage).mockReset();
});

async function renderHome(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp("/", options);
  await screen.findByRole("heading", { name: /^Welcome/ }, slow);
  return view;
}

describe("default layout", () => {
  it("app bar: the product name and the environment tag outside production", async () => {
    await renderHome({ mode: "staging" });
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Pressroom" })).toHaveAttribute("href", "/");
    expect(within(banner).getByText("staging")).toBeInTheDocument();
  });

  it("no environment tag in production", async () => {
    await renderHome({ mode: "production" });
    expect(within(screen.getByRole("banner")).queryByText("production")).not.toBeInTheDocument();
  });

  it("profile menu: the user's name, a Profile link and Logout", async () => {
    const logout = vi.fn(async () => ({ success: true, redirectTo: "/login" }));
    await renderHome({ name: "Grace Hopper", auth: { logout } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Grace Hopper/ }, slow));
    expect(await screen.findByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await user.click(screen.getByText("Logout"));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(location()).toBe("/login"), slow);
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith("/login"));
  });

  it("below lg the navigation is an overlay drawer opened from the app bar", async () => {
    await renderHome();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Toggle navigation" }));
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(nav.closest(".ant-drawer")).not.toBeNull();
  });

  it("from lg up the navigation is a side panel", async () => {
    const matchMedia = window.matchMedia;
    // A 1300px wide window: every min-width query up to lg matches.
    vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
      const min = /min-width: (\d+)px/.exec(query);
      return { ...matchMedia(query), matches: min ? Number(min[1]) <= 1300 : false };
    });
    await renderHome();
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    expect(nav.closest(".ant-layout-sider")).not.toBeNull();
    expect(nav.closest(".ant-drawer")).toBeNull();
  });

  it("the alerts area shows feedback messages; the loader overlays the page", async () => {
    await renderHome();
    act(() => {
      push({ text: "Vendor saved", type: "info" });
      push({ text: "Could not save", type: "error" });
    });
    expect(screen.getByText("Vendor saved").closest(".ant-alert")).toHaveClass("ant-alert-info");
    expect(screen.getByText("Could not save").closest(".ant-alert")).toHaveClass("ant-alert-error");
    act(() => start());
    expect(await screen.findByText("Loading... Please wait")).toBeInTheDocument();
  });

  it("a 401 from any call sends the router to /login (navigation registered by the app)", async () => {
    setSessionToken("expired");
    await renderHome({ auth: { check: async () => ({ authenticated: Boolean(getSessionToken()) }) } });
    httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      throw new AxiosError(
        "Request failed with status code 401",
        "ERR_BAD_REQUEST",
        config,
        {},
        {
          status: 401,
          statusText: "",
          data: { message: "Unauthenticated" },
          headers: {},
          config,
        },
      );
    };
    await act(async () => {
      await request({ method: "GET", resource: "orders" }).catch(() => undefined);
    });
    await waitFor(() => expect(location()).toMatch(/^\/login\?redirect=/), slow);
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith(location()));
  });
});
