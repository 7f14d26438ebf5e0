import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../render-app";

// The first render transforms the lazy layout and antd's modules: give it time.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const location = () => screen.getByTestId("location").textContent;

describe("routes", () => {
  it("a signed-out visit goes to /login with the full wanted path in `redirect`", async () => {
    renderApp("/profile?tab=password", { signedIn: false });
    await waitFor(() => expect(location()).toBe("/login?redirect=%2Fprofile%3Ftab%3Dpassword"), slow);
    expect(await screen.findByRole("button", { name: "Sign in" }, slow)).toBeInTheDocument();
    // The guest layout: brand, no app chrome.
    expect(screen.getByText("Pressroom")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Toggle navigation" })).not.toBeInTheDocument();
  });

  it("a signed-out visit to / goes to /login?redirect=%2F", async () => {
    renderApp("/", { signedIn: false });
    await waitFor(() => expect(location()).toBe("/login?redirect=%2F"), slow);
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

  it("/unauthorized shows the 403 result with a button home", async () => {
    renderApp("/unauthorized");
    expect(
      await screen.findByText("Sorry, you are not authorized to access this page.", undefined, slow),
    ).toBeInTheDocument();
    screen.getByRole("button", { name: "Back Home" }).click();
    await waitFor(() => expect(location()).toBe("/"), slow);
  });

  it("a signed-in visit to a public route goes to its redirect value", async () => {
    renderApp("/login?redirect=%2Funauthorized", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/unauthorized"), slow);
  });

  it("a signed-in visit to a public route without redirect goes home", async () => {
    renderApp("/forgot-password", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/"), slow);
  });

  it("an unsafe redirect value is ignored", async () => {
    renderApp("/login?redirect=https%3A%2F%2Fevil.example", { signedIn: true });
    await waitFor(() => expect(location()).toBe("/"), slow);
  });
});
