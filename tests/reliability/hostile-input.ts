import fc from "fast-check";
import type { ResourceModel } from "../../server/resources/model";
import type { Field } from "../../src/resource-engine/fields";
import { isBlankText, textHygieneError } from "../../src/resource-engine/text-hygiene";

// Hostile input for the reliability suite, generated with fast-check from the declarations:
// - spoilings of a valid request body (one field of the wrong type, out of range, an impossible
//   date, NUL bytes, lone surrogates, 1 MiB strings, __proto__/constructor keys, deep nesting,
//   server-owned or unknown keys, a missing required field, a body that is not an object or not
//   JSON), each with what the server must answer: a refusal naming the field, or, for values that
//   are odd but valid (SQL and HTML metacharacters, odd Unicode, boundary numbers and dates),
//   acceptance with the value read back intact;
// - list query strings with bad pages, limits, sorts, filters and searches.
// Values are data (no closures), so fast-check prints and shrinks them.

export type Json = Record<string, unknown>;
export type Path = (string | number)[];

/**
 * reject: a 400 (or `statuses`) with a message and errors[] naming `field` when set;
 * accept: a 2xx, and the value at `path` reads back as sent;
 * either: valid or not depending on details the generator does not model (rich text that
 * sanitises to nothing, JSON that PostgreSQL normalises): never a 5xx, nothing half-done.
 */
export type Expectation = "reject" | "accept" | "either";

export type Spoil =
  | { op: "set"; path: Path; value: unknown; expect: Expectation; field?: string; note: string }
  | { op: "delete"; path: Path; expect: Expectation; field?: string; note: string }
  | { op: "raw"; text: string; contentType?: string; statuses: number[]; note: string };

export const ONE_MIB = 1024 * 1024;
/** Over the contract's body limit on its own: a 413. */
export const MIB_STRING = "x".repeat(ONE_MIB);
/** Just under the limit: the body is read, the field refuses it. */
const NEAR_MIB_STRING = "y".repeat(ONE_MIB - 4096);

export const INT_MAX = 2_147_483_647;

// --- strings ---------------------------------------------------------------------

/** Text a person or a script might send that is valid Unicode: SQL, HTML, odd scripts and marks. */
export const ODD_TEXT = [
  "' OR '1'='1",
  "'; DROP TABLE vendors; --",
  "\\'; select pg_sleep(5); --",
  "%_% \\% \\_ \\\\",
  "$$ $1 $tag$ E'\\x00'",
  '"double" `back` ‘curly’ «guillemets»',
  "<script>window.__xss=1</script>",
  "<img src=x onerror=window.__xss=1>",
  "&lt;b&gt; &amp;amp; &#x27; &#0;",
  // A template-injection probe: the "$" and "{" are the point.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: sent as text, never a template
  "{{7*7}} ${7*7} #{7*7} <%= 7*7 %>",
  "javascript:window.__xss=1",
  "Zoë Ünïcødé Ærø",
  "日本語のテキスト 中文 한국어",
  "مرحبا بالعالم עברית",
  "\u202egnp.exe \u202dtext",
  "zero\u200bwidth\u200d\ufeffjoin",
  "e\u0301 vs \u00e9, A\u030a vs \u00c5",
  "😀 👍🏽 👨‍👩‍👧 🏳️‍🌈",
  "\u{10ffff} \u{1f600} \u{20000}",
  "\uffff\ufffe noncharacters",
  "tab\tnew\nline\r\nreturn",
  "\u0001\u0002\u001f\u007f controls",
  "Z̴̡̈́a̷l̸g̶o̵ t̷e̶x̸t̴",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x7fffffff",
];

const NUL_TEXT = ["a\u0000b", "\u0000", "trailing\u0000"];
const LONE_SURROGATES = ["a\ud800b", "\udfff", "x\ud83d", "\ude00y"];

/** Valid, non-blank text without NUL or lone surrogates (what must be stored as sent). */
const oddValidText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 40 }) },
);

const isStorableText = (s: string) => s.trim() !== "" && !s.includes("\u0000") && !/\p{Cs}/u.test(s);

/** Text the hygiene rules refuse: bidi overrides and isolates, C0/C1 controls. */
const UNCLEAN_TEXT = [
  "\u202egnp.exe",
  "a\u2066b\u2069",
  "\u0001\u0002\u001f\u007f controls",
  "bell\u0007",
  "c1\u0085\u009b",
];
/** Only invisible characters: empty, so a required field refuses it. */
const INVISIBLE_TEXT = ["\u200b\u200b", "\ufeff \u2060", "\u3164"];

// --- values by field type ----------------------------------------------------------

const TEXT_TYPES = new Set<Field["type"]>([
  "text",
  "longText",
  "richText",
  "email",
  "phone",
  "url",
  "colour",
]);
const NUMBER_TYPES = new Set<Field["type"]>(["integer", "decimal", "money", "percent"]);

const notText = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant([] as unknown[]),
  fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }),
  fc.constant({ text: "x" }),
);
const notNumber = fc.oneof(
  fc.constantFrom("12", "1e3", "", " ", "NaN", "Infinity", "0x10", "１２"),
  fc.boolean(),
  fc.constant([1]),
  fc.constant({ value: 1 }),
);
const notBoolean = fc.constantFrom<unknown>("true", "false", 1, 0, "yes", [], {}, "on");

/** Values of the right JSON type the field must refuse, with a word on why. */
function refusedValues(field: Field): fc.Arbitrary<unknown> {
  const wrongType = TEXT_TYPES.has(field.type)
    ? notText
    : NUMBER_TYPES.has(field.type)
      ? notNumber
      : field.type === "boolean"
        ? notBoolean
        : fc.oneof(notBoolean, notText);
  const options: fc.Arbitrary<unknown>[] = [];
  switch (field.type) {
    case "text":
    case "longText":
    case "richText":
    case "email":
    case "phone":
    case "url":
    case "colour": {
      const max = field.max ?? 200;
      options.push(wrongType, fc.constant("z".repeat(max + 1)), fc.constant(NEAR_MIB_STRING));
      options.push(fc.constantFrom(...UNCLEAN_TEXT));
      if (field.type === "text" || field.type === "email" || field.type === "phone") {
        options.push(fc.constant("two\nlines"));
      }
      // Empty for a required field; a numbered one (a document number) is the server's to fill on create.
      const numbered = "numbering" in field && field.numbering !== undefined;
      if (field.required && !numbered) options.push(fc.constantFrom(...INVISIBLE_TEXT));
      // Rich text is sanitised first, which may drop a NUL: only plain text must refuse it.
      if (field.type !== "richText") options.push(fc.constantFrom(...NUL_TEXT));
      options.push(fc.constantFrom(...LONE_SURROGATES));
      if (field.min && field.min > 1) options.push(fc.constant("m".repeat(field.min - 1)));
      if (field.type === "email")
        options.push(fc.constantFrom("not-an-email", "a@", "@b.test", "a b@c.test"));
      if (field.type === "url") {
        options.push(
          fc.constantFrom("javascript:window.__xss=1", "ftp://files.test/x", "http//x", "data:text/html,x"),
        );
      }
      if (field.type === "phone") options.push(fc.constantFrom("call me", "<script>", "555-0100; DROP"));
      if (field.type === "colour") options.push(fc.constantFrom("red", "#12345", "#ggg", "rgb(1,2,3)"));
      if (field.pattern) {
        const re = new RegExp(`^(?:${field.pattern})$`);
        options.push(fc.constantFrom("!!", "é é", "' OR 1=1", "<b>").filter((s) => !re.test(s)));
      }
      break;
    }
    case "integer":
    case "decimal":
    case "money":
    case "percent": {
      const integer = field.type === "integer";
      const min = field.min ?? (integer ? -INT_MAX - 1 : -1e15);
      const max = field.max ?? (integer ? INT_MAX : 1e15);
      options.push(wrongType, fc.constantFrom(max + 1, min - 1, 1e308, -1e308, 2 ** 53 + 2));
      // A size of 0 is no size.
      if (field.positive) options.push(fc.constant(min));
      const scale = integer ? 0 : field.type === "money" ? 2 : field.scale;
      // One decimal place more than the field keeps.
      if (scale !== undefined)
        options.push(fc.constant(Math.max(min, Math.min(max - 1, 0)) + 10 ** -(scale + 1)));
      break;
    }
    case "date":
      options.push(
        wrongType,
        fc.constantFrom(
          "2023-02-29",
          "2024-02-30",
          "2023-04-31",
          "2023-13-01",
          "2023-00-10",
          "2023-1-1",
          "20230101",
          "0000-01-01",
          "0001-01-01",
          "1899-12-31",
          "2200-01-01",
          "9999-12-31",
          "10000-01-01",
          "+002023-01-01",
          "2023-01-01T00:00:00Z",
          "yesterday",
          20230101,
        ),
      );
      break;
    case "datetime":
      options.push(
        wrongType,
        fc.constantFrom(
          "2024-05-01T25:00:00Z",
          "2024-05-01T14:60:00Z",
          "2023-02-29T12:00:00Z",
          "2024-05-01T14:30:00",
          "2024-05-01 14:30:00Z",
          "0000-01-01T00:00:00Z",
          "0001-01-01T00:00:00Z",
          "0099-12-31T23:59:59Z",
          "1899-12-31T23:59:59Z",
          "2200-01-01T00:00:00Z",
          "9999-12-31T23:59:59.999-05:00",
          "2024-05-01",
          "now",
          1714573800000,
        ),
      );
      break;
    case "boolean":
      options.push(wrongType);
      break;
    case "enum": {
      const values = field.values.map((v) => v.value);
      const unknown = ["NOT_A_VALUE", "__proto__", "constructor", "toString", "hasOwnProperty", ""];
      options.push(
        fc.constantFrom(...unknown.filter((v) => !values.includes(v) && v !== "")),
        fc.constantFrom(...values.map((v) => v.toUpperCase()).filter((v) => !values.includes(v)), 1, [
          values[0],
        ]),
      );
      break;
    }
    case "reference":
      options.push(fc.constantFrom<unknown>(0, -1, 1.5, "1", INT_MAX + 1, INT_MAX, true, [1], { id: 1 }));
      break;
    case "referenceList":
      options.push(
        fc.constantFrom<unknown>("1", 1, { id: 1 }, [0], [1.5], ["1"], [INT_MAX], [INT_MAX + 1]),
        fc.constant(Array.from({ length: 1001 }, (_, i) => i + 1)),
      );
      break;
    case "json":
      options.push(
        fc.constantFrom<unknown>({ note: "a\u0000b" }, ["\u0000"], { "k\u0000": 1 }, { text: "a\ud800" }),
        fc.integer({ min: 65, max: 20_000 }).map(nested),
        // Over the byte bound: 64 KB of options was 900 KB before the bound.
        fc.constant({ big: "b".repeat((field.maxBytes ?? 64 * 1024) + 1) }),
      );
      // The declared shape refuses a value of the wrong kind (artwork as a string).
      if (field.shape) {
        options.push(
          fc.constant(field.shape.type === "array" ? "not a list" : ["not", "an object"]),
          fc.constant(field.shape.type === "array" ? [{ unknown: 1 }] : { k: { nested: true } }),
        );
      }
      break;
    case "secret":
      options.push(
        field.secret === "generated"
          ? fc.constantFrom<unknown>("sent-by-client", null, 1, { key: "x" })
          : fc.constantFrom<unknown>(12345, true, ["a"], "s".repeat(10_001), "a\u0000b"),
      );
      break;
  }
  return fc.oneof(...options);
}

/**
 * An array nested `depth` levels deep, as a marker the body writer expands into text: a real
 * one would overflow the stack of whoever walks it (JSON.stringify, fast-check's printer).
 */
export interface Nested {
  $nested: number;
}
export const nested = (depth: number): Nested => ({ $nested: depth });
const isNested = (value: unknown): value is Nested =>
  typeof value === "object" && value !== null && typeof (value as Nested).$nested === "number";

/** JSON text of a value whose Nested markers become that many levels of arrays. */
export function jsonText(value: unknown): string {
  const depths: number[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!isNested(v)) return v;
    depths.push(v.$nested);
    return `\u0000nested:${depths.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000nested:(\d+)\\u0000"/g, (_m, i: string) => {
    const depth = depths[Number(i)];
    return `${"[".repeat(depth)}1${"]".repeat(depth)}`;
  });
}

/** Odd values the field must accept and read back as sent (text where plain text is stored). */
function acceptedValues(field: Field): fc.Arbitrary<unknown> | undefined {
  switch (field.type) {
    case "text":
    case "longText": {
      if (field.pattern) return undefined;
      const max = field.max ?? 200;
      const min = field.min ?? 0;
      const multiline = field.type === "longText";
      return oddValidText
        .map((s) => (s.length > max ? s.slice(0, max) : s))
        .filter(
          (s) =>
            isStorableText(s) &&
            !isBlankText(s) &&
            textHygieneError(s, multiline) === null &&
            s.length >= min &&
            s.length <= max,
        );
    }
    case "integer":
    case "decimal":
    case "money":
    case "percent": {
      const integer = field.type === "integer";
      const min = field.min ?? (integer ? -INT_MAX - 1 : -1e15);
      const max = field.max ?? (integer ? INT_MAX : 1e15);
      return fc.constantFrom(min, max);
    }
    case "date":
      return fc.constantFrom("1900-01-01", "2199-12-31", "2024-02-29", "1970-01-01");
    case "datetime":
      return fc.constantFrom(
        "1900-01-01T00:00:00.000Z",
        "2199-12-31T23:59:59.999Z",
        "2024-02-29T12:00:00.000Z",
        "1969-12-31T23:59:59.999Z",
      );
    default:
      return undefined;
  }
}

/** Odd values that may be stored or refused: sanitised rich text, JSON of odd shapes. */
function eitherValues(field: Field): fc.Arbitrary<unknown> | undefined {
  if (field.type === "richText")
    return fc.constantFrom(...ODD_TEXT, "<p>ok</p><script>x</script>", "<p><br></p>");
  if (field.type === "json") {
    return fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.constant(nested(60)),
      fc.constant({ constructor: { prototype: 1 }, toString: "x", "": null, "😀": [1e308, 1e-308] }),
    );
  }
  return undefined;
}

// --- spoiling a body ------------------------------------------------------------------

const isWritable = (field: Field) =>
  !field.readOnly && !(field.type === "secret" && field.secret === "generated");

interface Slot {
  /** Where the field sits in the body: [name] or [child, row, name]. */
  path: Path;
  field: Field;
}

function slots(model: ResourceModel): Slot[] {
  const own = Object.entries(model.fields).map(([name, field]) => ({ path: [name], field }));
  const rows = model.children.flatMap((child) =>
    Object.entries(child.fields).map(([name, field]) => ({ path: [child.name, 0, name], field })),
  );
  return [...own, ...rows];
}

const fieldPath = (path: Path) => path.join(".");

/** Date fields in a rule with another date or with now (notBefore, notAfter), either side. */
function relatedDates(model: ResourceModel): Set<Field> {
  const related = new Set<Field>();
  for (const field of Object.values(model.fields)) {
    if (field.type !== "date" && field.type !== "datetime") continue;
    if (field.notAfter) related.add(field);
    if (field.notBefore) {
      related.add(field);
      const other = model.fields[field.notBefore.field];
      if (other) related.add(other);
    }
  }
  return related;
}

/** One field spoiled: a refused value, or an odd value to keep (or to refuse, when unwritable). */
function fieldSpoils(model: ResourceModel, mode: "create" | "update"): fc.Arbitrary<Spoil>[] {
  const out: fc.Arbitrary<Spoil>[] = [];
  const related = relatedDates(model);
  for (const { path, field } of slots(model)) {
    const at = fieldPath(path);
    if (!isWritable(field)) {
      out.push(
        fc.constantFrom<unknown>("x", 1, null, true).map((value) => ({
          op: "set" as const,
          path,
          value,
          expect: "reject" as const,
          field: at,
          note: `${at} is not writable`,
        })),
      );
      continue;
    }
    out.push(
      refusedValues(field).map((value) => ({
        op: "set" as const,
        path,
        value,
        expect: "reject" as const,
        field: at,
        note: `${at} (${field.type}) refused value`,
      })),
    );
    const accepted = acceptedValues(field);
    if (accepted) {
      // A unique field may meet a value an earlier run stored (a 409 is then right); a number at
      // its bound may push a computed one past its own (a total, a stock level): a 400 or 409.
      // A date bound to another (a due date not before the order date) may meet that rule.
      const sure = !field.unique && !NUMBER_TYPES.has(field.type) && !related.has(field);
      out.push(
        accepted.map((value) => ({
          op: "set" as const,
          path,
          value,
          expect: sure ? ("accept" as const) : ("either" as const),
          field: at,
          note: `${at} (${field.type}) odd valid value`,
        })),
      );
    }
    const either = eitherValues(field);
    if (either) {
      out.push(
        either.map((value) => ({
          op: "set" as const,
          path,
          value,
          expect: "either" as const,
          field: at,
          note: `${at} (${field.type}) odd value`,
        })),
      );
    }
    if (field.required && field.type !== "boolean") {
      // A document number left empty on create is the server's to give (numbering), not a refusal.
      const numbered = mode === "create" && "numbering" in field && field.numbering !== undefined;
      out.push(
        fc.constant({
          op: "set" as const,
          path,
          value: null,
          expect: field.type === "json" || numbered ? ("either" as const) : ("reject" as const),
          field: at,
          note: `${at} required, sent null`,
        }),
      );
      if (mode === "create" && field.default === undefined && !numbered && path.length === 1) {
        out.push(
          fc.constant({
            op: "delete" as const,
            path,
            expect: "reject" as const,
            field: at,
            note: `${at} required, left out`,
          }),
        );
      }
    }
  }
  return out;
}

/** Keys no record has: unknown, prototype-polluting, server-owned. */
function keySpoils(model: ResourceModel, mode: "create" | "update"): fc.Arbitrary<Spoil> {
  const declared = new Set([...Object.keys(model.fields), ...model.children.map((c) => c.name)]);
  const unknown = fc
    .oneof(
      fc.constantFrom(
        "constructor",
        "prototype",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "__defineGetter__",
      ),
      fc.constantFrom("unknown_field", "Name", "name ", "select", "1", "", "a.b", "items[0]"),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((key) => !declared.has(key) && key !== "version" && !/\p{Cs}/u.test(key))
    .chain((key) =>
      fc.constantFrom<unknown>(1, "x", null, { polluted: true }).map((value) => ({
        op: "set" as const,
        path: [key],
        value,
        expect: "reject" as const,
        field: key,
        note: `unknown key ${JSON.stringify(key)}`,
      })),
    );
  const owned = fc
    .constantFrom(
      ...["tenant_id", "id", "created_at", "updated_at", ...(mode === "create" ? ["version"] : [])],
    )
    .chain((key) =>
      fc.constantFrom<unknown>(2, 1, "2024-01-01T00:00:00Z", null).map((value) => ({
        op: "set" as const,
        path: [key],
        value,
        expect: "reject" as const,
        field: key,
        note: `server-owned ${key}`,
      })),
    );
  // JSON.parse makes "__proto__" an own key; the server's parser refuses the poisoning outright.
  const proto = fc.constantFrom<Spoil>(
    {
      op: "raw",
      text: '{"__proto__":{"isAdmin":true},"name":"x"}',
      statuses: [400],
      note: "__proto__ key",
    },
    {
      op: "raw",
      text: '{"constructor":{"prototype":{"isAdmin":true}}}',
      statuses: [400],
      note: "constructor.prototype key",
    },
  );
  const deep = fc.integer({ min: 65, max: 50_000 }).map((depth) => ({
    op: "set" as const,
    path: ["deep"],
    value: nested(depth),
    expect: "reject" as const,
    note: `${depth} levels of nesting`,
  }));
  return fc.oneof(unknown, owned, proto, deep);
}

/** Whole bodies that are no record: not an object, not JSON, too big, not JSON at all. */
const bodySpoils: fc.Arbitrary<Spoil> = fc.oneof(
  fc.constantFrom<unknown>([], [1, 2], "a string", 42, true, null).map((value) => ({
    op: "set" as const,
    path: [],
    value,
    expect: "reject" as const,
    note: `body ${JSON.stringify(value)}`,
  })),
  fc
    .constantFrom("{", "{'a':1}", '{"a":1,}', '{"a":01}', "\u0000", "NaN", '{"a":"\\x41"}', "[".repeat(5000))
    .map((text) => ({ op: "raw" as const, text, statuses: [400], note: `not JSON: ${text.slice(0, 20)}` })),
  fc.constant<Spoil>({
    op: "set",
    path: ["oversize"],
    value: MIB_STRING,
    expect: "reject",
    note: "a 1 MiB string",
  }),
  fc.constant<Spoil>({
    op: "raw",
    text: '{"name":"x"}',
    contentType: "text/plain",
    statuses: [415],
    note: "not sent as JSON",
  }),
);

/** Spoilings of one collection as a whole (not a list, rows that are no objects, too many rows, foreign ids). */
function childSpoils(model: ResourceModel, mode: "create" | "update"): fc.Arbitrary<Spoil>[] {
  return model.children.map((child) =>
    fc.oneof(
      fc.constantFrom<unknown>("rows", 1, { 0: {} }, null).map((value) => ({
        op: "set" as const,
        path: [child.name],
        value,
        expect: "reject" as const,
        field: child.name,
        note: `${child.name} not a list`,
      })),
      fc.constantFrom<unknown>(1, "row", null, [[]]).map((value) => ({
        op: "set" as const,
        path: [child.name, 0],
        value,
        expect: "reject" as const,
        field: `${child.name}.0`,
        note: `${child.name} row not an object`,
      })),
      fc.constantFrom<unknown>(0, -1, "1", 1.5, INT_MAX).map((value) => ({
        op: "set" as const,
        path: [child.name, 0, "id"],
        value,
        expect: "reject" as const,
        field: `${child.name}.0.id`,
        note: `${child.name} row with ${mode === "create" ? "an" : "a foreign"} id ${JSON.stringify(value)}`,
      })),
      fc.constantFrom("tenant_id", "parent_id").map((key) => ({
        op: "set" as const,
        path: [child.name, 0, key],
        value: 2,
        expect: "reject" as const,
        field: `${child.name}.0.${key}`,
        note: `${child.name} row with ${key}`,
      })),
      fc.constant<Spoil>({
        op: "set",
        path: [child.name, "*"],
        value: child.collection.max + 1,
        expect: "reject",
        field: child.name,
        note: `${child.collection.max + 1} ${child.name}`,
      }),
    ),
  );
}

/** The version of a PATCH, spoiled. */
const versionSpoils: fc.Arbitrary<Spoil> = fc
  .constantFrom<unknown>("1", 1.5, 0, -1, INT_MAX + 1, null, [1], { v: 1 }, true)
  .map((value) => ({
    op: "set" as const,
    path: ["version"],
    value,
    expect: "reject" as const,
    field: "version",
    note: `version ${JSON.stringify(value)}`,
  }));

/** Every kind of spoiling of a create (or update) body of the kind. */
export function spoils(model: ResourceModel, mode: "create" | "update"): fc.Arbitrary<Spoil> {
  const byField = fieldSpoils(model, mode);
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...byField) },
    { weight: 2, arbitrary: keySpoils(model, mode) },
    { weight: 1, arbitrary: bodySpoils },
    ...(model.children.length > 0 ? [{ weight: 2, arbitrary: fc.oneof(...childSpoils(model, mode)) }] : []),
    ...(mode === "update" ? [{ weight: 1, arbitrary: versionSpoils }] : []),
  );
}

/** Sets `value` at `path` as an own property ("__proto__" included), making rows as needed. */
function setAt(target: Json, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  for (const [i, key] of path.slice(0, -1).entries()) {
    let next = node[key];
    if (next === null || typeof next !== "object") {
      next = typeof path[i + 1] === "number" ? [{}] : {};
      Object.defineProperty(node, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}

/** The raw body text and content type of a spoiled base body. */
export function spoiledBody(base: Json, spoil: Spoil): { text: string; contentType: string } {
  if (spoil.op === "raw") return { text: spoil.text, contentType: spoil.contentType ?? "application/json" };
  if (spoil.path.length === 0) {
    return { text: jsonText(spoil.op === "set" ? spoil.value : null), contentType: "application/json" };
  }
  const body = structuredClone(base);
  if (spoil.op === "delete") {
    let node: Record<string | number, unknown> = body;
    for (const key of spoil.path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    delete node[spoil.path[spoil.path.length - 1]];
  } else if (spoil.path[spoil.path.length - 1] === "*") {
    // "{child}.*" = that many copies of the first row.
    const name = spoil.path[0] as string;
    const rows = (body[name] as Json[] | undefined) ?? [{}];
    body[name] = Array.from({ length: spoil.value as number }, () => ({ ...rows[0] }));
  } else {
    setAt(body, spoil.path, spoil.value);
  }
  return { text: jsonText(body), contentType: "application/json" };
}

/** The value at `path` of a record as answered (children nested), for read-back checks. */
export function valueAt(record: Json, path: Path): unknown {
  let node: unknown = record;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return node;
}

// --- list query strings ------------------------------------------------------------------

/** encodeURIComponent that also writes lone surrogates (as the bytes a careless client sends). */
export function encodeQueryPart(text: string): string {
  let out = "";
  for (const char of text) {
    if (/\p{Cs}/u.test(char)) {
      const unit = char.charCodeAt(0);
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(char);
  }
  return out.toUpperCase().replace(/%([0-9A-F]{2})/g, "%$1");
}

const oddQueryText = fc.oneof(
  fc.constantFrom(...ODD_TEXT, ...NUL_TEXT, ...LONE_SURROGATES),
  fc.constantFrom(
    "",
    " ",
    ",",
    ",,,",
    "-",
    "--id",
    "%",
    "_",
    "\\",
    "'",
    '"',
    ";",
    "*",
    "null",
    "true",
    "0",
    "-1",
  ),
  fc.constantFrom(
    "1e3",
    "1.5",
    "99999999999",
    "2147483648",
    "0x10",
    "１",
    "2023-02-30",
    "2024-13-01T00:00:00Z",
  ),
  fc.constant("q".repeat(10_000)),
  fc.constant(Array.from({ length: 1001 }, (_, i) => i + 1).join(",")),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/** A raw query-string pair that is not valid percent-encoding. */
const brokenEncoding = fc.constantFrom(
  "search=%",
  "search=%zz",
  "search=%E0%A4%A",
  "page=%ED%A0%80",
  "%=1",
  "sort=%2",
);

/** A query string ("page=0&sort=__proto__") for the kind's list. */
export function listQueries(model: ResourceModel): fc.Arbitrary<string> {
  const fields = Object.keys(model.fields);
  const names = fc.oneof(
    fc.constantFrom("page", "limit", "sort", "search"),
    fc.constantFrom(...[...model.filterable, "id", "created_at", "updated_at"]),
    fc.constantFrom(...fields.flatMap((f) => [f, `${f}_gte`, `${f}_lte`])),
    fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "tenant_id",
      "tenant_id_gte",
      "id_lte",
      "limit_gte",
    ),
    fc.string({ minLength: 1, maxLength: 10 }),
  );
  const values = fc.oneof(
    oddQueryText,
    fc.constantFrom(...fields, ...fields.map((f) => `-${f}`), "id,-id", "-created_at,name"),
  );
  const pair = fc.tuple(names, values).map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`);
  return fc
    .tuple(fc.array(pair, { minLength: 1, maxLength: 4 }), fc.option(brokenEncoding, { freq: 6 }))
    .map(([pairs, broken]) => [...pairs, ...(broken ? [broken] : [])].join("&"));
}
