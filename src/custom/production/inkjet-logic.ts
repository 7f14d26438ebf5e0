// The inkjet queue (issue 18): inkjet-addressed mail orders whose pieces are at the press (ready to
// address), on the inkjet (being addressed) or held there, with their drops still to mail. Shared by
// the server (server/production/inkjet-*.ts) and the page; no React. The mail order's statuses are
// the tenant's, found by code; the server checks every move against their next_status_ids.

export type InkjetAction = "start" | "complete" | "hold" | "release";
export const INKJET_ACTIONS: readonly InkjetAction[] = ["start", "complete", "hold", "release"];

/** The mail order status codes of the queue: waiting (printed on the press), addressing, held. */
export const INKJET_CODES = { ready: "printing", addressing: "inkjet_addressing", held: "on_hold" } as const;

export type InkjetStage = keyof typeof INKJET_CODES;

export const STAGE_TITLES: Record<InkjetStage, string> = {
  ready: "Ready for addressing",
  addressing: "Addressing",
  held: "On hold",
};

export const ACTION_LABELS: Record<InkjetAction, string> = {
  start: "Start addressing",
  complete: "Complete addressing",
  hold: "Hold",
  release: "Release",
};

export interface InkjetDrop {
  drop_no: number;
  scheduled_date: string;
  quantity: number;
  status: string;
}

export interface InkjetRow {
  id: number;
  version: number;
  mail_order_number: string;
  customer: string | null;
  order_id: number | null;
  order_number: string | null;
  mail_class: string;
  shape: string;
  status_id: number;
  status: string;
  stage: InkjetStage;
  color: string | null;
  /** The open drops (not mailed, not cancelled), by number. */
  drops: InkjetDrop[];
  /** Their pieces. */
  pieces: number;
  /** The first open drop's date (YYYY-MM-DD). */
  next_drop: string | null;
  /** Held: the status it was held from. */
  held_from: string | null;
}

export interface InkjetAnswer {
  rows: InkjetRow[];
}

/** The actions a row offers: start when ready, complete when addressing, hold either, release held. */
export function inkjetActions(stage: InkjetStage): InkjetAction[] {
  switch (stage) {
    case "ready":
      return ["start", "hold"];
    case "addressing":
      return ["complete", "hold"];
    case "held":
      return ["release"];
  }
}

/** The stage of a status code, if it is one of the queue's. */
export function stageOf(code: string): InkjetStage | undefined {
  return (Object.keys(INKJET_CODES) as InkjetStage[]).find((stage) => INKJET_CODES[stage] === code);
}

/** Rows by stage (ready, addressing, held), the earliest drop first within each. */
export function byStage(rows: InkjetRow[]): Record<InkjetStage, InkjetRow[]> {
  const sorted = [...rows].sort(
    (a, b) =>
      (a.next_drop ?? "9999").localeCompare(b.next_drop ?? "9999") ||
      a.mail_order_number.localeCompare(b.mail_order_number),
  );
  return {
    ready: sorted.filter((r) => r.stage === "ready"),
    addressing: sorted.filter((r) => r.stage === "addressing"),
    held: sorted.filter((r) => r.stage === "held"),
  };
}

const MAIL_CLASSES: Record<string, string> = {
  first_class: "First class",
  marketing: "Marketing",
  nonprofit_marketing: "Nonprofit marketing",
  eddm_retail: "EDDM Retail",
  eddm_bmeu: "EDDM BMEU",
};

export const mailClassLabel = (value: string) => MAIL_CLASSES[value] ?? value;
