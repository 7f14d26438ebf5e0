// The postcard and letter tools (issue 22, /postcard-tool, /letter-tool), pure: each tool's declaration
// (the sizes USPS prices as its shape), the size rule, EDDM Retail's daily limit per ZIP, the postage
// rates the tenant starts with, and a job's price. Shared by the server (server/mail-tools/, which
// decides) and the wizard (which shows the same sentences before asking).
import { tierPrice } from "../../resource-engine/pricing";
import { MAIL_CLASS_LABELS } from "./campaign-words";

export type ToolKey = "postcard" | "letter";
/** The USPS shape a piece mails as: the tool's own, or a flat when it goes to EDDM routes. */
export type Shape = "card" | "letter" | "flat";
export type MailSource = "list" | "eddm";

export interface MailTool {
  key: ToolKey;
  path: string;
  title: string;
  /** The MailOrder shape it mails as to a list. */
  shape: Exclude<Shape, "flat">;
  /** Inches, [least, most]: the short side and the long side. */
  width: [number, number];
  length: [number, number];
  /** The sentence naming the sizes, for the size step. */
  sizes: string;
}

// USPS: a postcard is 3.5–4.25 × 5–6 in; a letter from 3.5 × 5 up to 6.125 × 11.5 in (domain.md).
export const MAIL_TOOLS: Record<ToolKey, MailTool> = {
  postcard: {
    key: "postcard",
    path: "/postcard-tool",
    title: "Postcard tool",
    shape: "card",
    width: [3.5, 4.25],
    length: [5, 6],
    sizes: "3.5–4.25 in by 5–6 in",
  },
  letter: {
    key: "letter",
    path: "/letter-tool",
    title: "Letter tool",
    shape: "letter",
    width: [3.5, 6.125],
    length: [5, 11.5],
    sizes: "up to 6.125 in by 11.5 in (at least 3.5 by 5)",
  },
};

export const TOOL_KEYS = Object.keys(MAIL_TOOLS) as ToolKey[];

// USPS takes only flats at EDDM (domain.md: "EDDM pieces must be larger than letters"): a piece over a letter's
// 6.125 in by 11.5 in on either side, up to 12 in by 15 in. So an EDDM postcard is a jumbo one (6.25 × 9 in,
// 6.5 × 11 in, 8.5 × 11 in), and no letter goes to EDDM routes.
export const EDDM_SIZES = "larger than a letter (over 6.125 in wide or 11.5 in long), up to 12 in by 15 in";

/** What a piece of the tool mails as: its own shape to a list, a flat to EDDM routes. */
export const pieceShape = (tool: MailTool, source: MailSource | undefined): Shape =>
  source === "eddm" ? "flat" : tool.shape;

/** The sentence naming the sizes the tool takes for this mailing, for the size step. */
export const sizesFor = (tool: MailTool, source: MailSource | undefined): string =>
  source === "eddm"
    ? `An EDDM piece is ${EDDM_SIZES}`
    : `${tool.key === "postcard" ? "A postcard" : "A letter"} is ${tool.sizes}`;

/**
 * Why a size does not mail as the tool's shape (or, to EDDM routes, as a flat), or null. Width is the short
 * side.
 */
export function sizeProblem(
  tool: MailTool,
  width: number,
  length: number,
  source: MailSource = "list",
): string | null {
  if (source === "eddm") {
    const flat = (width > 6.125 || length > 11.5) && width <= 12 && length <= 15;
    return flat
      ? null
      : `EDDM takes only flats: a piece ${EDDM_SIZES}; ${width} × ${length} in mails to a list`;
  }
  const name = tool.key === "postcard" ? "A postcard" : "A letter";
  const [wMin, wMax] = tool.width;
  const [lMin, lMax] = tool.length;
  if (!(width >= wMin && width <= wMax && length >= lMin && length <= lMax)) {
    return `${name} is ${tool.sizes}: ${width} × ${length} in does not mail as one`;
  }
  return null;
}

/** The campaigns' classes, and EDDM Retail for carrier routes. */
export const TOOL_MAIL_CLASSES = { ...MAIL_CLASS_LABELS, eddm_retail: "EDDM Retail" } as const;
export type ToolMailClass = keyof typeof TOOL_MAIL_CLASSES;
export const TOOL_MAIL_CLASS_KEYS = Object.keys(TOOL_MAIL_CLASSES) as ToolMailClass[];

export interface PostageRate {
  mail_class: ToolMailClass;
  shape: Shape;
  /** Dollars a piece. */
  rate: number;
}

// Commercial presorted prices per piece, near USPS's (the demo history mails at the same: seed-data/history/mail.ts).
export const DEFAULT_POSTAGE_RATES: PostageRate[] = [
  { mail_class: "first_class", shape: "card", rate: 0.368 },
  { mail_class: "first_class", shape: "letter", rate: 0.553 },
  { mail_class: "marketing", shape: "card", rate: 0.31 },
  { mail_class: "marketing", shape: "letter", rate: 0.305 },
  { mail_class: "nonprofit_marketing", shape: "card", rate: 0.17 },
  { mail_class: "nonprofit_marketing", shape: "letter", rate: 0.168 },
  { mail_class: "eddm_retail", shape: "flat", rate: 0.247 },
];

/** EDDM Retail: 200 to 5,000 pieces a day per ZIP (domain.md). */
export const EDDM_RETAIL_MIN = 200;
export const EDDM_RETAIL_MAX = 5_000;

export interface RouteCount {
  zip5: string;
  total_count: number;
}

export interface DayPieces {
  date: string;
  pieces: number;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The ZIPs an EDDM Retail mailing breaks the daily limit in: each day's pieces are shared among the
 * ZIPs as their chosen routes' addresses are (a drop of all the routes' addresses mails each ZIP's
 * whole count that day). One sentence per ZIP and day, naming both and the count.
 */
export function eddmRetailProblems(routes: RouteCount[], days: DayPieces[]): string[] {
  const byZip = new Map<string, number>();
  for (const r of routes) byZip.set(r.zip5, (byZip.get(r.zip5) ?? 0) + r.total_count);
  const all = [...byZip.values()].reduce((a, b) => a + b, 0);
  if (all === 0) return [];
  const perDay = new Map<string, number>();
  for (const d of days) perDay.set(d.date, (perDay.get(d.date) ?? 0) + d.pieces);
  const problems: string[] = [];
  for (const [date, pieces] of [...perDay].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [zip, addresses] of [...byZip].sort(([a], [b]) => a.localeCompare(b))) {
      const n = Math.round((pieces * addresses) / all);
      if (n > EDDM_RETAIL_MAX || n < EDDM_RETAIL_MIN) {
        problems.push(
          `EDDM Retail mails ${count(EDDM_RETAIL_MIN)} to ${count(EDDM_RETAIL_MAX)} pieces a day per ZIP: ZIP ${zip} would get ${count(n)} on ${date}`,
        );
      }
    }
  }
  return problems;
}

export interface Quote {
  pieces: number;
  /** Dollars: the product's tier price for the pieces. */
  print: number;
  rate: number;
  postage: number;
  total: number;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** A job's price: print from the product's tiers, postage at the class's rate; null without tiers. */
export function quoteOf(tiers: unknown, pieces: number, rate: number): Quote | null {
  const print = tierPrice(tiers, pieces);
  if (print === undefined) return null;
  const postage = cents(pieces * rate);
  return { pieces, print, rate, postage, total: cents(print + postage) };
}

/** The order line postage is billed on: "Postage: 500 pieces × $0.310, Marketing Mail card". */
export function postageLineDescription(
  pieces: number,
  rate: number,
  mailClass: ToolMailClass,
  shape: Shape,
): string {
  const each = pieces === 1 ? "piece" : "pieces";
  return `Postage: ${count(pieces)} ${each} × $${rate.toFixed(3)}, ${TOOL_MAIL_CLASSES[mailClass]} ${shape}`;
}

/** Pieces split into `drops` equal drops, the remainder one piece each on the first. */
export function equalDrops(pieces: number, drops: number): number[] {
  const each = Math.floor(pieces / drops);
  return Array.from({ length: drops }, (_, i) => each + (i < pieces - each * drops ? 1 : 0));
}
