// One date format across the app: the administration pages (roles list) and the generic record
// pages (a vendor's details) show the same instant as the same text, "Mar 5, 2024, 2:30 PM" in
// en-US (the test runner's locale), not the browser's toLocaleString ("3/5/2024, 2:30:00 PM").
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearProfile, setProfile } from "../../../src/auth/profile-store";
import { formatDate, formatDateTime } from "../../../src/components/fields/format";
import { getConfig } from "../../../src/config/config";
import { adminRoutes } from "../../../src/custom/admin/admin-routes";
import { RecordDetails } from "../../../src/pages/resource/record-details";
import vendors from "../../../src/resources/vendors";
import {
  fakeDataProvider as fakeResourceProvider,
  renderWithProviders,
} from "../resource-pages/render-resource";
import { fakeDataProvider, renderAdmin } from "./render-admin";

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 30_000 };

// 14:30 on 5 March 2024 in the runner's own time zone, so the expected text holds in any zone.
const AT = new Date(2024, 2, 5, 14, 30).toISOString();
const EXPECTED = "Mar 5, 2024, 2:30 PM";
// ICU puts a narrow no-break space before "PM".
const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");

afterEach(() => clearProfile());

describe("the one date format", () => {
  it("formats instants and calendar days in the medium style", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().locale).toBe("en-US");
    expect(plain(formatDateTime(AT))).toBe(EXPECTED);
    expect(formatDate("2024-03-05")).toBe("Mar 5, 2024");
  });

  it("the roles list shows a role's update time in it", async () => {
    setProfile({
      id: 1,
      name: "Avery Admin",
      email: "admin@pressroom.test",
      UserGroups: [
        {
          Groups: {
            id: 1,
            name: "Staff",
            is_admin: false,
            Sites: [{ id: 1, name: "Storefront", tenant_id: getConfig().tenantId }],
            GroupRoles: [{ Roles: { id: 1, name: "Staff", permissions: { Role: ["Read"] } } }],
          },
        },
      ],
    });
    const dataProvider = fakeDataProvider({
      Role: [{ id: 1, name: "Press room", permissions: {}, version: 1, created_at: AT, updated_at: AT }],
    });
    renderAdmin(
      <Routes>
        {adminRoutes()}
        <Route path="/unauthorized" element={<p>Unauthorized page</p>} />
      </Routes>,
      { path: "/roles", dataProvider },
    );
    const row = (await screen.findByText("Press room", undefined, slow)).closest("tr") as HTMLElement;
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => plain(cell.textContent));
    expect(cells).toContain(EXPECTED);
  });

  it("a generic record page shows its created and updated times in it", async () => {
    const vendor = { id: 3, name: "Paper Co", version: 1, created_at: AT, updated_at: AT };
    renderWithProviders(<RecordDetails resource={vendors} record={vendor} />, {
      path: "/vendors/3",
      dataProvider: fakeResourceProvider({ Vendor: [vendor] }),
    });
    const note = await screen.findByText(/^Created /, undefined, slow);
    expect(plain(note.textContent)).toBe(`Created ${EXPECTED} · Updated ${EXPECTED} · Version 1`);
  });
});
