import { describe, expect, it } from "vitest";
import type { GroupRecord, UserRecord } from "../../../src/custom/admin/admin-records";
import { changedGroupValues } from "../../../src/custom/admin/user-groups-page";
import { changedUserValues, userValuesOf } from "../../../src/custom/admin/user-page";

const group: GroupRecord = {
  id: 3,
  name: "Press room",
  is_admin: false,
  site_ids: [1, 2],
  role_ids: [3],
  member_ids: [3, 7],
  version: 2,
  created_at: "",
  updated_at: "",
};

const user: UserRecord = {
  id: 3,
  name: "Pat Pressman",
  email: "press@pressroom.test",
  phone: null,
  IsAvanteSalesRep: false,
  IsAvanteCSR: false,
  isCustomerAgent: false,
  active: true,
  last_login_at: null,
  group_ids: [3],
  version: 5,
  created_at: "",
  updated_at: "",
};

describe("what a save sends", () => {
  it("a group: only the changed fields; lists compare as sets", () => {
    const same = {
      name: " Press room ",
      is_admin: false,
      site_ids: [2, 1],
      role_ids: [3],
      member_ids: [7, 3],
    };
    expect(changedGroupValues(group, same)).toEqual({});
    expect(changedGroupValues(group, { ...same, is_admin: true, member_ids: [3] })).toEqual({
      is_admin: true,
      member_ids: [3],
    });
  });

  it("a user: only the changed fields; an emptied phone is null", () => {
    const values = userValuesOf(user);
    expect(values.phone).toBe("");
    expect(changedUserValues(user, values)).toEqual({});
    expect(
      changedUserValues(user, { ...values, phone: " 555-0100 ", active: false, group_ids: [3, 2] }),
    ).toEqual({
      phone: "555-0100",
      active: false,
      group_ids: [3, 2],
    });
    expect(changedUserValues({ ...user, phone: "555" }, { ...values, phone: "" })).toEqual({ phone: null });
  });
});
