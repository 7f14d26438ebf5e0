// Field declarations: what a resource kind's record holds, its constraints, and how lists and forms treat it.
// Plain data, so the server and the app read the same declaration.
import type { Kind } from "../access/kinds";

export type FieldType =
  | "text"
  | "longText"
  | "richText"
  | "integer"
  | "decimal"
  | "money"
  | "percent"
  | "date"
  | "datetime"
  | "boolean"
  | "enum"
  | "reference"
  | "referenceList"
  | "email"
  | "phone"
  | "url"
  | "colour"
  | "json"
  | "secret";

export interface FieldOptions {
  /** Shown in forms, columns and filters; derived from the field's name when absent. */
  label?: string;
  required?: boolean;
  /** Computed or system-set: shown, never accepted from a form or a request body. */
  readOnly?: boolean;
  /** Matched by the list's `search` parameter. */
  searchable?: boolean;
  /** Offered as a column sort; the server indexes it. */
  sortable?: boolean;
  /** Offered as a list filter; the server accepts it as a query parameter and indexes it. */
  filter?: boolean;
  /**
   * No two records of a tenant share the value. A unique text field is a code: stored trimmed,
   * NFKC-normalised and without invisible characters, and compared without regard to case
   * ("c10001" is "C10001"); "exactCase" keeps the normalising but tells cases apart.
   */
  unique?: boolean | "exactCase";
  default?: unknown;
  help?: string;
  /**
   * Other records bound the value (a payment's amount by what its order has due) or lock it (an
   * order item's quantity while a run prints it): the kind's `bounds` hook answers for the form's
   * values (POST {path}/bounds), and the form refuses more than the max, or disables a locked
   * field, and shows the rule as the field's help. The write itself is still checked.
   */
  bounded?: boolean;
  /**
   * An extra action of the kind that setting or changing this field needs besides Create/Update
   * (Product UpdatePrice for prices): without it the form shows the field read-only and the
   * server answers 403 to a write that sets or changes it (a create, an update, a child row, an import).
   */
  requires?: string;
}

export interface TextField extends FieldOptions {
  type: "text" | "longText" | "richText" | "email" | "phone" | "url" | "colour";
  min?: number;
  max?: number;
  /** A regular expression source the whole value must match. */
  pattern?: string;
  patternMessage?: string;
  /**
   * A document number the server assigns from the tenant's numbering when a create leaves it
   * empty (numbering.ts on the server): the form says "assigned when saved"; a number typed by a
   * user is still accepted when no other record has it.
   */
  numbering?: Numbering;
}

/**
 * A tenant's numbering of one field: a sequence per tenant and field, each number written into
 * `format` at "{n}" ("ORD-{n}" → ORD-100001). A tenant whose records already carry numbers
 * continues after the highest of its own prefix (the seed's, or typed ones).
 */
export interface Numbering {
  /** The number's text with "{n}" where the number goes; "{n:6}" pads it to 6 digits. */
  format: string;
  /** The first number of a tenant that has none yet (default 1). */
  start?: number;
}

export interface NumberField extends FieldOptions {
  type: "integer" | "decimal" | "money" | "percent";
  min?: number;
  max?: number;
  /** Digits after the decimal point (decimal; money is always 2). */
  scale?: number;
  /** Shown after the input and the value, e.g. "lb", "days". */
  unit?: string;
  /** Strictly above `min` when set (a sheet or trim size of 0 is no size). */
  positive?: boolean;
  /**
   * Not above another field of the same record (after the server's computed fields: a discount
   * and the subtotal), when both have a value; on PATCH the other may be the stored one.
   */
  notAbove?: Relation;
}

/** Another field of the same record a value is compared with, and how a person calls it. */
export interface Relation {
  field: string;
  /** "the subtotal", "the flat width": the rule's message names it. */
  label: string;
}

/** Money fields' default bound: what one order line, charge or total could sensibly be. */
export const MONEY_MAX = 99_999_999.99;

/** Every date and instant lies in these years (typos like 0024 or 9999 are refused). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;

/** How far "now" may be exceeded by a client's clock (notAfter: "now"). */
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface DateField extends FieldOptions {
  type: "date" | "datetime";
  /** A fixed value, or "now": the moment of the create (today for a date), in forms and on the server. */
  default?: string;
  /** Not before another date of the record (a due date and the order date), when both are set. */
  notBefore?: Relation;
  /** "now": not in the future (beyond CLOCK_SKEW_MS), e.g. when a run was printed. */
  notAfter?: typeof NOW;
}

/** The declared default of a date field that means the moment of the create. */
export const NOW = "now";

export interface BooleanField extends FieldOptions {
  type: "boolean";
}

export interface EnumValue {
  value: string;
  label: string;
  /** An antd tag colour name or hex. */
  color?: string;
}

export interface EnumField extends FieldOptions {
  type: "enum";
  values: EnumValue[];
  /**
   * Allowed moves of a workflow: value → the values that may follow it. A value missing from the
   * map may not be left; setting the current value again is always allowed. The server answers
   * a disallowed move with a 409 naming both values.
   */
  transitions?: Record<string, string[]>;
  /**
   * The values a new record may be created with (a payment: authorized, captured or declined);
   * others come only by moves or from the server. Without it: the default and the values no
   * transition leads to. The form offers these on create; the kind's hook refuses others (400).
   */
  initial?: string[];
}

export interface ReferenceField extends FieldOptions {
  type: "reference" | "referenceList";
  target: Kind;
  /** Deleting the target while this points at it: refuse (409) or clear this field. */
  onDelete?: "restrict" | "setNull";
  /**
   * Only for a reference to Status: the Status records of this entity (Status.entity). Selects
   * offer only those; the server refuses others (400) and, on update, a status that is not among
   * the previous status's next_status_ids when that list is not empty (409 naming both).
   */
  statusOf?: "order" | "order_item" | "run" | "mail_order" | "purchase_order" | "refund";
  /**
   * With statusOf: a row whose field of this name is set takes no status (the server leaves it
   * empty instead of filling the first one). An order's Service line is billed, not produced.
   */
  noStatusWith?: string;
  /**
   * The value must belong with another field of the same record (an order's bill-to address is
   * one of the order's customer's addresses): see ReferenceDependency. Look-ups offer only the
   * matching records; the server refuses a mismatch (400 on this field).
   */
  dependsOn?: ReferenceDependency;
  /**
   * Picking a record fills other fields beside this one (of the same child row, or the same
   * record): field → the picked record's field whose value it takes, or a price from its tiers
   * for the row's quantity (pricing.ts). Filled values stay editable; a price the user typed is
   * kept when the quantity changes. The server answers these source fields to whoever may create
   * or update the referencing kind (GET {path}/fills/{field}/{id}, server/resources/fill-sources.ts).
   */
  fills?: Record<string, string | TierPrice>;
}

/** A price from the picked record's tiers (`[{ quantity, price }]`) for the row's quantity. */
export interface TierPrice {
  tiers: string;
  quantity: string;
}

/**
 * A reference whose target must match another field: the target record's `targetField` equals
 * this record's `field` (for a field of a child collection, `field` names the row's own field,
 * else the parent record's). With `through`, `field` is a reference and the target's
 * `targetField` equals `through` of the record it names (a packing slip's addresses on its
 * order's customer). No constraint while `field` has no value (an order without a site).
 */
export interface ReferenceDependency {
  field: string;
  targetField: string;
  through?: string;
  /**
   * The field it depends on may stay empty, and then any record is offered (an order without a
   * site takes any product); otherwise the select waits for that value ("Choose a customer first").
   * The server applies the rule only when the value is set, either way.
   */
  optional?: boolean;
}

export interface JsonField extends FieldOptions {
  type: "json";
  /** The stored JSON text's size bound in bytes (json() sets JSON_MAX_BYTES). */
  maxBytes?: number;
  /** What the value must look like (json-shape.ts); any JSON without. */
  shape?: JsonShape;
}

/** The default byte bound of a JSON field. */
export const JSON_MAX_BYTES = 64 * 1024;

/**
 * A declarative JSON shape, checked by the server and the form alike (json-shape.ts). Strings
 * are single-line and visible-character clean (text-hygiene.ts).
 */
export type JsonShape =
  | { type: "string"; max: number; required?: boolean }
  | { type: "url"; required?: boolean }
  | { type: "integer"; min: number; max: number; required?: boolean }
  | { type: "money"; min: number; required?: boolean }
  | { type: "boolean"; required?: boolean }
  | { type: "enum"; values: string[]; required?: boolean }
  | {
      type: "array";
      items: JsonShape;
      max: number;
      /** Items (objects) ordered by this property, strictly increasing. */
      increasing?: string;
      /** Items (objects) whose value of this property differs from every other item's. */
      unique?: string;
    }
  | { type: "object"; properties: Record<string, JsonShape> }
  /** An object of free keys (e.g. attribute codes), each value of one shape. */
  | { type: "map"; values: JsonShape; maxKeys: number; maxKeyLength: number };

/**
 * A value the server never returns. "generated": made by the server at create (an API key's
 * secret), returned once in the create answer as a string, stored hashed, never writable.
 * "writeOnly": written by the user (an integration's credentials, text or JSON), stored, never
 * returned. In every other answer the field's value is a boolean: true when set.
 */
export interface SecretField extends FieldOptions {
  type: "secret";
  secret: "generated" | "writeOnly";
}

export type Field =
  | TextField
  | NumberField
  | DateField
  | BooleanField
  | EnumField
  | ReferenceField
  | JsonField
  | SecretField;

type Opts<F> = Omit<F, "type">;

export const text = (o: Opts<TextField> = {}): TextField => ({ type: "text", max: 200, ...o });
export const longText = (o: Opts<TextField> = {}): TextField => ({ type: "longText", max: 10_000, ...o });
export const richText = (o: Opts<TextField> = {}): TextField => ({ type: "richText", max: 100_000, ...o });
export const email = (o: Opts<TextField> = {}): TextField => ({ type: "email", max: 254, ...o });
export const phone = (o: Opts<TextField> = {}): TextField => ({ type: "phone", max: 32, ...o });
export const url = (o: Opts<TextField> = {}): TextField => ({ type: "url", max: 2_000, ...o });
export const colour = (o: Opts<TextField> = {}): TextField => ({ type: "colour", ...o });
export const integer = (o: Opts<NumberField> = {}): NumberField => ({ type: "integer", ...o });
export const decimal = (o: Opts<NumberField> = {}): NumberField => ({ type: "decimal", scale: 2, ...o });
export const money = (o: Opts<NumberField> = {}): NumberField => ({
  type: "money",
  scale: 2,
  min: 0,
  max: MONEY_MAX,
  ...o,
});
export const percent = (o: Opts<NumberField> = {}): NumberField => ({
  type: "percent",
  min: 0,
  max: 100,
  ...o,
});
export const date = (o: Opts<DateField> = {}): DateField => ({ type: "date", ...o });
export const datetime = (o: Opts<DateField> = {}): DateField => ({ type: "datetime", ...o });
export const boolean = (o: Opts<BooleanField> = {}): BooleanField => ({
  type: "boolean",
  default: false,
  ...o,
});
export const json = (o: Opts<JsonField> = {}): JsonField => ({
  type: "json",
  maxBytes: JSON_MAX_BYTES,
  ...o,
});
export const secret = (
  kind: SecretField["secret"],
  o: Omit<SecretField, "type" | "secret"> = {},
): SecretField => ({
  type: "secret",
  secret: kind,
  ...o,
});

/** An enum value as declared: the label derives from the code when absent. */
export type EnumInput = string | (Omit<EnumValue, "label"> & { label?: string });

/** An enum from plain codes ("net30") or from values with a colour; labels derive from codes. */
export function choice(values: EnumInput[], o: Omit<EnumField, "type" | "values"> = {}): EnumField {
  return {
    type: "enum",
    values: values.map((v) =>
      typeof v === "string"
        ? { value: v, label: labelFromName(v) }
        : { ...v, label: v.label ?? labelFromName(v.value) },
    ),
    ...o,
  };
}

export const reference = (target: Kind, o: Omit<ReferenceField, "type" | "target"> = {}): ReferenceField => ({
  type: "reference",
  target,
  ...o,
});

export const referenceList = (
  target: Kind,
  o: Omit<ReferenceField, "type" | "target"> = {},
): ReferenceField => ({
  type: "referenceList",
  target,
  ...o,
});

const ACRONYMS = new Set([
  "id",
  "sku",
  "po",
  "url",
  "uv",
  "fsc",
  "gsm",
  "ncoa",
  "cass",
  "eddm",
  "sms",
  "api",
  "csr",
]);

/**
 * "vendor_category_id" → "Vendor category"; "lead_time_days" → "Lead time days"; "po_number" → "PO number";
 * "is_default" → "Default"; "next_status_ids" → "Next status".
 */
export function labelFromName(name: string): string {
  const words = name
    .replace(/_ids?$/, "")
    .replace(/^is_(?=.)/, "")
    .split(/[_\s]+/)
    .filter(Boolean);
  return words
    .map((w, i) => {
      if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
      return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w;
    })
    .join(" ");
}
