import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearProfile, setProfile } from "../../../src/auth/profile-store";
import ProfilePage from "../../../src/pages/profile-page";
import { user } from "./mocks";
import { fakeAuthProvider, renderAt } from "./render";

const provider = vi.hoisted(() => ({ updateProfile: vi.fn() }));
const feedback = vi.hoisted(() => ({ push: vi.fn() }));

vi.mock("../../../src/config/config", async () => {
  const { testConfig } = await import("./mocks");
  return { getConfig: () => testConfig };
});
vi.mock("../../../src/providers/http-client", () => ({ request: vi.fn() }));
vi.mock("../../../src/providers/auth-provider", () => provider);
vi.mock("../../../src/providers/feedback-store", () => feedback);

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.resetAllMocks();
  setProfile({ ...user, phone: "555-0100" });
});

afterEach(() => {
  cleanup();
  clearProfile();
});

describe("ProfilePage", () => {
  it("shows the stored profile", () => {
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Ada Printer");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("555-0100");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ada@example.test");
  });

  it("updates name and phone", async () => {
    provider.updateProfile.mockResolvedValue({ success: true, user });
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    const typist = userEvent.setup({ delay: null });
    await typist.clear(screen.getByLabelText("Name"));
    await typist.type(screen.getByLabelText("Name"), "Ada Lovelace");
    await typist.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() =>
      expect(provider.updateProfile).toHaveBeenCalledWith({ name: "Ada Lovelace", phone: "555-0100" }),
    );
    await waitFor(() =>
      expect(feedback.push).toHaveBeenCalledWith({ text: "Profile updated", type: "info" }),
    );
  });

  it("shows the refetched profile", async () => {
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    setProfile({ ...user, name: "Renamed" });
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Renamed"));
  });

  it("changes the password with the current one", async () => {
    provider.updateProfile.mockResolvedValue({ success: true, user });
    renderAt("/profile", <ProfilePage />, fakeAuthProvider());
    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByLabelText("Current password"), "old-password");
    await typist.type(screen.getByLabelText("New password"), "0123456789");
    await typist.type(screen.getByLabelText("Confirm new password"), "0123456789");
    await typist.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() =>
      expect(provider.updateProfile).toHaveBeenCalledWith({
        current_password: "old-password",
        password: "0123456789",
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe(""),
    );
  });

  it("logs out through the auth provider", async () => {
    const logout = vi.fn(async () => ({ success: true, redirectTo: "/login" }));
    renderAt("/profile", <ProfilePage />, fakeAuthProvider({ logout }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(logout).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/login"));
  });
});
