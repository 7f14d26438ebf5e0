import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import UsersListPage from "../../../src/custom/admin/users-list-page";
import { fakeDataProvider, renderAdmin } from "./render-admin";

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

const LINK = "http://localhost:5173/register?token=abcDEF123_-xyz";

const rows = {
  User: [
    {
      id: 1,
      name: "Avery Admin",
      email: "admin@pressroom.test",
      phone: null,
      IsAvanteSalesRep: false,
      IsAvanteCSR: false,
      isCustomerAgent: false,
      active: true,
      last_login_at: null,
      group_ids: [1],
      version: 1,
    },
  ],
  Group: [
    { id: 1, name: "Administrators", is_admin: true, site_ids: [], role_ids: [], member_ids: [1] },
    { id: 3, name: "Press room", is_admin: false, site_ids: [], role_ids: [], member_ids: [] },
  ],
};

function setup() {
  const custom = vi.fn(async ({ payload }: { payload?: unknown }) => ({
    data: {
      id: 9,
      email: (payload as { email: string }).email,
      expires_at: "2030-01-08T10:00:00.000Z",
      link: LINK,
    } as never,
  }));
  const dataProvider = fakeDataProvider(rows, { custom });
  const writeText = vi.fn(async () => {});
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  renderAdmin(<UsersListPage />, { path: "/users", dataProvider });
  return { custom, writeText };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "clipboard");
});

async function fillAndSend(email: string) {
  fireEvent.click(await screen.findByRole("button", { name: /Invite user/ }, slow));
  const dialog = await screen.findByRole("dialog", undefined, slow);
  fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: email } });
  fireEvent.mouseDown(within(dialog).getByLabelText("Groups"));
  fireEvent.click(await screen.findByTitle("Press room", undefined, slow));
  fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
  return dialog;
}

describe("Invite user", () => {
  it("sends email, groups and days, then shows the link once with a Copy button", async () => {
    const { custom, writeText } = setup();
    expect(await screen.findByText("Avery Admin", undefined, slow)).toBeInTheDocument();
    const dialog = await fillAndSend("nia@pressroom.test");

    const link = (await within(dialog).findByLabelText(
      "Invitation link",
      undefined,
      slow,
    )) as HTMLInputElement;
    expect(link.value).toBe(LINK);
    expect(custom).toHaveBeenCalledTimes(1);
    expect(custom.mock.calls[0][0]).toMatchObject({
      url: "users/invite",
      method: "post",
      payload: { email: "nia@pressroom.test", group_ids: [3], expires_in_days: 7 },
    });
    expect(within(dialog).getByText("Invitation sent to nia@pressroom.test")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK), slow);
    expect(await within(dialog).findByRole("button", { name: /Copied/ }, slow)).toBeInTheDocument();

    // Closed, the link is gone for good: opening the dialog again shows an empty form.
    // (jsdom never ends the closing animation, during which antd keeps showing the old content.)
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    fireEvent.click(screen.getByRole("button", { name: /Invite user/ }));
    const again = await screen.findByRole("dialog", undefined, slow);
    expect(await within(again).findByLabelText("Email", undefined, slow)).toHaveValue("");
    expect(within(again).queryByLabelText("Invitation link")).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(LINK)).not.toBeInTheDocument();
    expect(custom).toHaveBeenCalledTimes(1);
  });

  it("says so when the browser refuses the clipboard", async () => {
    const { writeText } = setup();
    writeText.mockRejectedValueOnce(new Error("denied"));
    const dialog = await fillAndSend("owen@pressroom.test");
    fireEvent.click(await within(dialog).findByRole("button", { name: /Copy/ }, slow));
    expect(await within(dialog).findByText(/copy it by hand/, undefined, slow)).toBeInTheDocument();
    expect((within(dialog).getByLabelText("Invitation link") as HTMLInputElement).value).toBe(LINK);
  });

  it("needs an email and a group before sending", async () => {
    const { custom } = setup();
    fireEvent.click(await screen.findByRole("button", { name: /Invite user/ }, slow));
    const dialog = await screen.findByRole("dialog", undefined, slow);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Enter the person's email", undefined, slow)).toBeInTheDocument();
    expect(within(dialog).getByText("Choose at least one group")).toBeInTheDocument();
    expect(custom).not.toHaveBeenCalled();
  });
});
