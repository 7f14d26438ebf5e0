// The profile's forms show the server's field errors at their fields (as the generic forms do), and
// the failed call's banner goes once the form is edited. Real http client and feedback store; the
// API is a fake transport.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearProfile, setProfile } from "../../../src/auth/profile-store";
import ProfilePage from "../../../src/pages/profile-page";
import { clear, getMessages } from "../../../src/providers/feedback-store";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { fakeAuthProvider, renderAt } from "../auth/render";
import { installFakeTransport } from "../fake-transport";

vi.setConfig({ testTimeout: 30_000 });

const transport = installFakeTransport({ status: 500 });

/** The antd form item (label, input, messages) of the field labelled `label`. */
const itemOf = (label: string) => screen.getByLabelText(label).closest(".ant-form-item") as HTMLElement;
const errorsOf = (label: string) =>
  [...itemOf(label).querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
const errorBanners = () =>
  getMessages()
    .filter((message) => message.type === "error")
    .map((m) => m.text);

beforeEach(() => {
  transport.reset();
  setSessionToken("token-1");
  setProfile({ id: 1, name: "Ada Printer", email: "ada@example.test", phone: null, UserGroups: [] });
});

afterEach(() => {
  clearProfile();
  clearSession();
  clear();
});

describe("profile: field errors", () => {
  it("a wrong current password shows under Current password; editing it takes the banner back", async () => {
    transport.answer({
      status: 400,
      data: {
        message: "Validation failed",
        errors: [{ field: "current_password", message: "Current password is incorrect" }],
      },
    });
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByLabelText("Current password"), "not-my-password");
    await typist.type(screen.getByLabelText("New password"), "0123456789abc");
    await typist.type(screen.getByLabelText("Confirm new password"), "0123456789abc");
    await typist.click(screen.getByRole("button", { name: "Change password" }));

    await waitFor(() => expect(errorsOf("Current password")).toEqual(["Current password is incorrect"]));
    expect(errorsOf("New password")).toEqual([]);
    expect(transport.sent.map(({ method, url }) => `${method} ${url}`)).toEqual(["PUT /api/v1/auth/profile"]);
    expect(errorBanners()).toEqual(["Current password is incorrect"]);

    await typist.type(screen.getByLabelText("Current password"), "!");
    await waitFor(() => expect(errorBanners()).toEqual([]));
  });

  it("a refused phone shows under Phone, the name stays clean", async () => {
    transport.answer({
      status: 400,
      data: { message: "Validation failed", errors: [{ field: "phone", message: "Enter a phone number" }] },
    });
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByLabelText("Phone"), "call me");
    await typist.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(errorsOf("Phone")).toEqual(["Enter a phone number"]));
    expect(errorsOf("Name")).toEqual([]);
  });
});
