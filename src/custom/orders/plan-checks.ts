// An order item's production plan checked against its press (issue 19, planning sections): the
// press sheet within the press's smallest and largest sheet (either way round), and the colours a
// side (the item's "front/back" colour spec) at most the press's colours. Pure: the server decides
// with it (server/orders/planning.ts) and the page shows the messages it answers.

export interface PlanEquipment {
  id: number;
  name: string;
  min_sheet_width: number | null;
  min_sheet_height: number | null;
  max_sheet_width: number | null;
  max_sheet_height: number | null;
  colors: number | null;
}

export interface ItemPlan {
  plan_equipment_id: number | null;
  plan_sheet_width: number | null;
  plan_sheet_height: number | null;
  color_spec: string | null;
}

export interface PlanProblem {
  field: "plan_sheet_width" | "plan_sheet_height" | "color_spec" | "plan_equipment_id";
  message: string;
}

const size = (w: number, h: number) => `${trim(w)} × ${trim(h)} in`;
const trim = (n: number) => String(Number(n.toFixed(3)));

/** "4/1" → 4 and 1; anything else: null. */
export function coloursOf(spec: string | null): { front: number; back: number } | null {
  const match = spec ? /^(\d{1,2})\/(\d{1,2})$/.exec(spec) : null;
  return match ? { front: Number(match[1]), back: Number(match[2]) } : null;
}

const fits = (w: number, h: number, maxW: number | null, maxH: number | null) =>
  (maxW === null || w <= maxW) && (maxH === null || h <= maxH);
const covers = (w: number, h: number, minW: number | null, minH: number | null) =>
  (minW === null || w >= minW) && (minH === null || h >= minH);

/** Each problem of the plan on its press (none without a press). */
export function planProblems(plan: ItemPlan, press: PlanEquipment | undefined): PlanProblem[] {
  if (plan.plan_equipment_id === null) return [];
  if (!press) return [{ field: "plan_equipment_id", message: "Choose a press of this shop" }];
  const problems: PlanProblem[] = [];
  const w = plan.plan_sheet_width;
  const h = plan.plan_sheet_height;
  if (w !== null && h !== null && w > 0 && h > 0) {
    const {
      max_sheet_width: maxW,
      max_sheet_height: maxH,
      min_sheet_width: minW,
      min_sheet_height: minH,
    } = press;
    if (!fits(w, h, maxW, maxH) && !fits(h, w, maxW, maxH)) {
      problems.push({
        field: "plan_sheet_width",
        message: `The ${size(w, h)} sheet is larger than ${press.name} takes (at most ${size(maxW ?? w, maxH ?? h)})`,
      });
    } else if (!covers(w, h, minW, minH) && !covers(h, w, minW, minH)) {
      problems.push({
        field: "plan_sheet_width",
        message: `The ${size(w, h)} sheet is smaller than ${press.name} takes (at least ${size(minW ?? w, minH ?? h)})`,
      });
    }
  }
  const colours = coloursOf(plan.color_spec);
  if (colours && press.colors !== null) {
    const most = Math.max(colours.front, colours.back);
    if (most > press.colors) {
      problems.push({
        field: "color_spec",
        message: `${plan.color_spec} needs ${most} colours a side; ${press.name} prints ${press.colors}`,
      });
    }
  }
  return problems;
}
