// Error banners belong to the page that raised them: in the real layout, going to another page
// removes them (persistent ones too), while an info message ("Saved") stays for its 5 s.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clear, dismissText, getMessages, push } from "../../../src/providers/feedback-store";
import { renderApp } from "../render-app";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };
const location = () => screen.getByTestId("location").textContent;

afterEach(() => clear());

describe("error banners", () => {
  it("go when the page changes; info messages stay", async () => {
    renderApp("/");
    await screen.findByRole("heading", { name: /^Welcome/ }, slow);
    act(() => {
      push({ text: "Cannot sort by colour", type: "error" });
      push({ text: "This page could not be loaded. Reload.", type: "error", persistent: true });
      push({ text: "Vendor saved", type: "info" });
    });
    // Shown on the page that raised them, the first render after them included.
    expect(screen.getByText("Cannot sort by colour")).toBeInTheDocument();
    expect(screen.getByText("This page could not be loaded. Reload.")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /Ada Lovelace/ }, slow));
    await user.click(await screen.findByRole("link", { name: "Profile" }));
    await waitFor(() => expect(location()).toBe("/profile"), slow);

    await waitFor(() => expect(screen.queryByText("Cannot sort by colour")).not.toBeInTheDocument());
    expect(screen.queryByText("This page could not be loaded. Reload.")).not.toBeInTheDocument();
    expect(screen.getByText("Vendor saved")).toBeInTheDocument();
    expect(getMessages().map((m) => m.text)).toEqual(["Vendor saved"]);
  });

  it("a fixed cause takes back only its own error banner", () => {
    push({ text: "Name is required", type: "error" });
    push({ text: "Name is required", type: "info" });
    push({ text: "Something else failed", type: "error" });
    dismissText("Name is required");
    expect(getMessages().map((m) => `${m.type}:${m.text}`)).toEqual([
      "info:Name is required",
      "error:Something else failed",
    ]);
  });
});
