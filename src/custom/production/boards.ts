// The seven station dashboards as data: one generic board (StationBoard.tsx) and one server
// query (server/production/board-query.ts) read these declarations. A board shows the runs whose
// station (ProductionStation, the run's station_id) is of its type, in columns by run status.
// Shared by the server and the app, so it holds no React.

export type BoardType =
  | "press"
  | "specialty_press"
  | "letter_press"
  | "cutting"
  | "coating"
  | "large_format"
  | "bindery";

export type OperatorAction = "claim" | "start" | "pause" | "complete" | "hold" | "release";

export type CardField =
  | "customer"
  | "product"
  | "quantity"
  | "stock"
  | "colours"
  | "coating"
  | "sheets"
  | "elapsed"
  | "notes"
  | "holder";

export interface BoardDeclaration {
  type: BoardType;
  /** The route's last segment: /production/{slug}. */
  slug: string;
  title: string;
  /** ProductionStation's read action that guards the board (spec §6). */
  readAction: string;
  /** The run statuses (codes) whose runs at its stations the board shows: its columns. */
  statuses: string[];
  /** The card's fields, in order. */
  fields: CardField[];
  /** The operator actions offered on its cards. */
  actions: OperatorAction[];
}

const PRESS_FIELDS: CardField[] = [
  "customer",
  "product",
  "quantity",
  "stock",
  "colours",
  "coating",
  "sheets",
  "elapsed",
  "notes",
  "holder",
];
const FINISHING_FIELDS: CardField[] = [
  "customer",
  "product",
  "quantity",
  "sheets",
  "elapsed",
  "notes",
  "holder",
];
const ALL_ACTIONS: OperatorAction[] = ["claim", "start", "pause", "complete", "hold", "release"];

// Work waiting at a press is plated (or sent to the RIP), printing, paused, held or up for reprint;
// at a finishing station, printed (or coated, or cut) work and its paused or held runs.
const AT_PRESS = ["plated", "sent_to_rip", "printing", "paused", "held", "reprint"];
const finishing = (...waiting: string[]) => [...waiting, "paused", "held"];

const board = (
  type: BoardType,
  slug: string,
  title: string,
  readAction: string,
  fields: CardField[],
  statuses = AT_PRESS,
): BoardDeclaration => ({ type, slug, title, readAction, statuses, fields, actions: ALL_ACTIONS });

export const BOARDS: readonly BoardDeclaration[] = [
  board("press", "press-dashboard", "Press dashboard", "ReadPress", PRESS_FIELDS),
  board("specialty_press", "specialty-press-dashboard", "Specialty press dashboard", "ReadSpecialtyPress", [
    ...PRESS_FIELDS,
  ]),
  board("letter_press", "letter-press-dashboard", "Letterpress dashboard", "ReadLetterPress", PRESS_FIELDS),
  board(
    "cutting",
    "cutting-dashboard",
    "Cutting dashboard",
    "ReadCutting",
    FINISHING_FIELDS,
    finishing("printed", "coated"),
  ),
  board(
    "coating",
    "coating-dashboard",
    "Coating dashboard",
    "ReadCoating",
    ["customer", "product", "quantity", "stock", "coating", "sheets", "elapsed", "notes", "holder"],
    finishing("printed"),
  ),
  board(
    "large_format",
    "large-format-dashboard",
    "Large format dashboard",
    "ReadLargeFormat",
    [
      "customer",
      "product",
      "quantity",
      "stock",
      "sheets",
      "elapsed",
      "notes",
      "holder",
      // A nest is printed and trimmed at its own printer.
    ],
    [...AT_PRESS, "printed", "cut"],
  ),
  board(
    "bindery",
    "bindery-dashboard",
    "Bindery dashboard",
    "ReadBindery",
    FINISHING_FIELDS,
    finishing("cut", "finishing"),
  ),
];

export const boardOfType = (type: string): BoardDeclaration | undefined =>
  BOARDS.find((b) => b.type === type);
export const boardOfSlug = (slug: string): BoardDeclaration | undefined =>
  BOARDS.find((b) => b.slug === slug);

/**
 * Where each action moves a run, by Status code (the tenant's run statuses; the server checks the
 * move against the from-status's next_status_ids). `complete` goes to the first status of the
 * complete category the current one leads to; `release` back to the status the run was held
 * from; `claim` only names the operator and moves nothing.
 */
export const ACTION_TARGETS: Partial<Record<OperatorAction, string>> = {
  start: "printing",
  pause: "paused",
  hold: "held",
};

/** Actions that need a reason (a modal asks). */
export const NEEDS_REASON: ReadonlySet<OperatorAction> = new Set(["pause", "hold"]);
