import { describe, expect, it } from "vitest";
import { coloursOf, type PlanEquipment, planProblems } from "../../../src/custom/orders/plan-checks";

// An item's plan on its press: the sheet between the press's smallest and largest (either way
// round), colours a side at most the press's; no press, nothing to check.

const press: PlanEquipment = {
  id: 7,
  name: "SM 52",
  min_sheet_width: 11,
  min_sheet_height: 17,
  max_sheet_width: 20,
  max_sheet_height: 29,
  colors: 4,
};
const plan = (
  w: number | null,
  h: number | null,
  color_spec: string | null = "4/4",
  id: number | null = 7,
) => ({
  plan_equipment_id: id,
  plan_sheet_width: w,
  plan_sheet_height: h,
  color_spec,
});

describe("plan checks", () => {
  it("accepts a sheet within the limits, either way round, and colours the press prints", () => {
    expect(planProblems(plan(20, 29), press)).toEqual([]);
    expect(planProblems(plan(29, 20), press)).toEqual([]);
    expect(planProblems(plan(11, 17, "4/0"), press)).toEqual([]);
    expect(planProblems(plan(null, null, "4/4"), press)).toEqual([]);
    expect(planProblems(plan(40, 40, "8/8", null), undefined)).toEqual([]);
  });

  it("names each problem", () => {
    expect(planProblems(plan(28, 40, "5/1"), press)).toEqual([
      {
        field: "plan_sheet_width",
        message: "The 28 × 40 in sheet is larger than SM 52 takes (at most 20 × 29 in)",
      },
      { field: "color_spec", message: "5/1 needs 5 colours a side; SM 52 prints 4" },
    ]);
    expect(planProblems(plan(8.5, 11), press)).toEqual([
      {
        field: "plan_sheet_width",
        message: "The 8.5 × 11 in sheet is smaller than SM 52 takes (at least 11 × 17 in)",
      },
    ]);
    expect(planProblems(plan(13, 19), undefined)).toEqual([
      { field: "plan_equipment_id", message: "Choose a press of this shop" },
    ]);
  });

  it("reads a colour spec", () => {
    expect(coloursOf("4/1")).toEqual({ front: 4, back: 1 });
    expect(coloursOf("12/0")).toEqual({ front: 12, back: 0 });
    expect(coloursOf("four")).toBeNull();
    expect(coloursOf(null)).toBeNull();
  });
});
