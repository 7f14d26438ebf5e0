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

it("the sign-in pages get the brand, the alerts area and the loader, without the app chrome", async () => {
  renderApp("/login", { signedIn: false });
  await screen.findByRole("button", { name: "Sign in" }, { timeout: 15_000 });
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
