// The station boards as data: the seven /production/*-dashboard routes and the two digital queues
// of /prepress (digital production, digital cutting) are one generic board (station-board.tsx)
// and one server query (server/production/board-query.ts) reading these declarations. A board
// shows the runs whose station (ProductionStation, the run's station_id) is of its type, in
// columns by run status. Shared by the server and the app, so it holds no React.

export type BoardType =
  | "press"
  | "specialty_press"
  | "letter_press"
  | "cutting"
  | "coating"
  | "large_format"
  | "bindery"
  | "digital_production"
  | "digital_cutting";

export type OperatorAction = "claim" | "start" | "pause" | "complete" | "hold" | "release" | "move";

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
  /** The route: /{section}/{slug}. */
  section: "production" | "prepress";
  slug: string;
  title: string;
  /**
   * What guards it (spec §6): a dashboard, ProductionStation's read action of its type (ReadPress
   * …); a prepress queue, Order ReadAny.
   */
  guard: { kind: "ProductionStation" | "Order"; action: string };
  /** The run statuses (codes) whose runs at its stations the board shows: its columns. */
  statuses: string[];
  /** Where start moves a run (and a paused run back to). */
  working: string;
  /**
   * Where complete moves a run when its station names no output status (the station's output
   * status, an item status, names the run status of the same code otherwise).
   */
  done: string;
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
const ALL_ACTIONS: OperatorAction[] = ["claim", "start", "pause", "complete", "hold", "release", "move"];

// Work waiting at a press is plated (or sent to the RIP), printing, paused, held or up for reprint;
// at a finishing station, what the station before left (printed, coated, cut, finished), the
// board's own working status and its paused or held runs.
const AT_PRESS = ["plated", "sent_to_rip", "printing", "paused", "held", "reprint"];
const finishing = (working: string, ...waiting: string[]) => [...waiting, working, "paused", "held"];

interface Options {
  section?: BoardDeclaration["section"];
  guard?: BoardDeclaration["guard"];
  statuses?: string[];
  working?: string;
  done?: string;
}

const board = (
  type: BoardType,
  slug: string,
  title: string,
  readAction: string,
  fields: CardField[],
  options: Options = {},
): BoardDeclaration => ({
  type,
  section: options.section ?? "production",
  slug,
  title,
  guard: options.guard ?? { kind: "ProductionStation", action: readAction },
  statuses: options.statuses ?? AT_PRESS,
  working: options.working ?? "printing",
  done: options.done ?? "printed",
  fields,
  actions: ALL_ACTIONS,
});

const PREPRESS_QUEUE = { section: "prepress", guard: { kind: "Order", action: "ReadAny" } } as const;

export const BOARDS: readonly BoardDeclaration[] = [
  board("press", "press-dashboard", "Press dashboard", "ReadPress", PRESS_FIELDS),
  board(
    "specialty_press",
    "specialty-press-dashboard",
    "Specialty press dashboard",
    "ReadSpecialtyPress",
    PRESS_FIELDS,
  ),
  board("letter_press", "letter-press-dashboard", "Letterpress dashboard", "ReadLetterPress", PRESS_FIELDS),
  board("cutting", "cutting-dashboard", "Cutting dashboard", "ReadCutting", FINISHING_FIELDS, {
    statuses: finishing("cutting", "printed", "coated", "finishing"),
    working: "cutting",
    done: "cut",
  }),
  board(
    "coating",
    "coating-dashboard",
    "Coating dashboard",
    "ReadCoating",
    ["customer", "product", "quantity", "stock", "coating", "sheets", "elapsed", "notes", "holder"],
    { statuses: finishing("coating", "printed"), working: "coating", done: "coated" },
  ),
  // A nest is printed and trimmed at its own printer.
  board(
    "large_format",
    "large-format-dashboard",
    "Large format dashboard",
    "ReadLargeFormat",
    ["customer", "product", "quantity", "stock", "sheets", "elapsed", "notes", "holder"],
    { statuses: [...AT_PRESS, "printed", "cut"] },
  ),
  board("bindery", "bindery-dashboard", "Bindery dashboard", "ReadBindery", FINISHING_FIELDS, {
    statuses: finishing("binding", "printed", "coated", "cut", "finishing"),
    working: "binding",
    done: "finishing",
  }),
  board("digital_production", "digital-production", "Digital production", "", PRESS_FIELDS, PREPRESS_QUEUE),
  board("digital_cutting", "digital-cutting", "Digital cutting", "", FINISHING_FIELDS, {
    ...PREPRESS_QUEUE,
    statuses: finishing("cutting", "printed", "coated"),
    working: "cutting",
    done: "cut",
  }),
];

export const boardOfType = (type: string): BoardDeclaration | undefined =>
  BOARDS.find((b) => b.type === type);
export const boardOfSlug = (section: string, slug: string): BoardDeclaration | undefined =>
  BOARDS.find((b) => b.section === section && b.slug === slug);
export const boardPath = (board: BoardDeclaration): string => `/${board.section}/${board.slug}`;

/** Where pause and hold move a run (status codes). */
export const PAUSED = "paused";
export const HELD = "held";

/** Actions that need a reason (a modal asks). */
export const NEEDS_REASON: ReadonlySet<OperatorAction> = new Set(["pause", "hold"]);
