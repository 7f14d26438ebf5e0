import {
  ADDRESS_FIELDS,
  addressProblem,
  type DedupeRule,
  type Outcome,
} from "../../src/custom/mail/list-fields";

// A mailing list's processing, pure: each uploaded row through the field map (the Map rows'
// transforms and defaults), then checked (addressProblem), matched against a suppression list and
// deduplicated by the chosen rule. The first of equal records stays; later ones are duplicates.

/** One field of a map: the header column it is read from, how it is cleaned, what fills a blank. */
export interface FieldSource {
  column: string;
  transform: string;
  defaultValue: string | null;
}
export type FieldMapping = Record<string, FieldSource>;

const titleCase = (v: string) =>
  v.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep, c) => sep + c.toUpperCase());

export function transformValue(value: string, transform: string): string {
  const v = value.trim().replace(/\s+/g, " ");
  switch (transform) {
    case "uppercase":
      return v.toUpperCase();
    case "lowercase":
      return v.toLowerCase();
    case "title_case":
      return titleCase(v);
    case "zip5":
      return v
        .replace(/\D/g, "")
        .slice(0, 5)
        .padStart(v ? 5 : 0, "0");
    case "digits_only":
      return v.replace(/\D/g, "");
    default:
      return v;
  }
}

/** A ZIP+4 written as nine digits gets its hyphen; a 4-digit ZIP lost its leading zero in a spreadsheet. */
function normaliseZip(value: string): string {
  if (/^\d{9}$/.test(value)) return `${value.slice(0, 5)}-${value.slice(5)}`;
  if (/^\d{4}$/.test(value)) return `0${value}`;
  if (/^\d{4}-\d{4}$/.test(value)) return `0${value}`;
  return value;
}

export function mapRecord(header: readonly string[], cells: readonly string[], mapping: FieldMapping) {
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const source = mapping[field.key];
    if (!source) continue;
    const at = header.indexOf(source.column);
    let value = at >= 0 ? transformValue(cells[at] ?? "", source.transform) : "";
    if (!value && source.defaultValue) value = source.defaultValue;
    if (value) address[field.key] = value;
  }
  if (address.state) address.state = address.state.toUpperCase();
  if (address.postal_code) address.postal_code = normaliseZip(address.postal_code);
  return address;
}

const norm = (v: string | undefined) =>
  (v ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

/** The key two records share when the rule counts them as one. */
export function dedupeKey(a: Record<string, string>, rule: DedupeRule): string {
  const place = [norm(a.street1), norm(a.street2), (a.postal_code ?? "").slice(0, 5)].join("|");
  if (rule === "address") return place;
  const who = norm(a.last_name) || norm(a.company);
  if (rule === "household") return `${who}|${place}`;
  return `${norm(a.first_name)}|${who}|${place}`;
}

export interface Classified {
  row: number;
  address: Record<string, string>;
  outcome: Outcome;
  reason: string | null;
}

export interface Counts {
  records: number;
  valid: number;
  invalid: number;
  duplicate: number;
  suppressed: number;
}

export function classify(
  header: readonly string[],
  rows: readonly { row: number; cells: readonly string[] }[],
  mapping: FieldMapping,
  rule: DedupeRule,
  suppress: ReadonlySet<string> = new Set(),
): { records: Classified[]; counts: Counts } {
  const seen = new Map<string, number>();
  const counts: Counts = { records: rows.length, valid: 0, invalid: 0, duplicate: 0, suppressed: 0 };
  const records = rows.map(({ row, cells }): Classified => {
    const address = mapRecord(header, cells, mapping);
    const problem = addressProblem(address);
    let outcome: Outcome = "valid";
    let reason: string | null = null;
    if (problem) {
      outcome = "invalid";
      reason = problem;
    } else {
      const key = dedupeKey(address, rule);
      const first = seen.get(key);
      if (suppress.has(key)) {
        outcome = "suppressed";
        reason = "On the suppression list";
      } else if (first !== undefined) {
        outcome = "duplicate";
        reason = `Same ${rule} as row ${first}`;
      } else seen.set(key, row);
    }
    counts[outcome]++;
    return { row, address, outcome, reason };
  });
  return { records, counts };
}
