import { act, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { clear, push } from "../../../src/providers/feedback-store";
import { start, stop } from "../../../src/providers/loader-store";
import { renderApp } from "../render-app";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  clear();
  stop();
});

// The sign-in pages have the same frame in the guest app (tests/unit/guest/guest-app.test.tsx).
it("the full app's guest pages get the brand, the alerts area and the loader, without the app chrome", async () => {
  renderApp("/no/such/page", { signedIn: false });
  await screen.findByText("Sorry, the page you visited does not exist.", undefined, { timeout: 15_000 });
  expect(screen.getByText("Pressroom", { selector: ".guest-brand span" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Toggle navigation" })).not.toBeInTheDocument();
  expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  act(() => {
    push({ text: "Password reset link sent to your email", type: "info" });
    start("Logging in... Please wait");
  });
  expect(screen.getByText("Password reset link sent to your email")).toBeInTheDocument();
  expect(await screen.findByText("Logging in... Please wait")).toBeInTheDocument();
});
