// antd Form rules from a field's declared constraints: the same limits the server enforces,
// checked before the request so most mistakes never make a round trip.
import type { Rule } from "antd/es/form";
import { CLOCK_SKEW_MS, type Field, MONEY_MAX, YEAR_MAX, YEAR_MIN } from "../../resource-engine/fields";
import { jsonBytes, jsonShapeError } from "../../resource-engine/json-shape";
import { isBlankText, textHygieneError } from "../../resource-engine/text-hygiene";

const TEXT_TYPES = new Set<Field["type"]>([
  "text",
  "longText",
  "richText",
  "email",
  "phone",
  "url",
  "colour",
]);

export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

export function rulesFor(field: Field): Rule[] {
  const label = field.label ?? "This field";
  const rules: Rule[] = [];
  // A boolean's "required" means "has a value", which a switch always has.
  if (field.required && field.type !== "boolean") {
    // `whitespace` only on text: async-validator treats any rule with a key beside `required`
    // as a string rule, which rejected every number and reference id as "required".
    const message = `${label} is required`;
    if (TEXT_TYPES.has(field.type)) {
      rules.push({ required: true, whitespace: true, message });
      // Only invisible characters (zero-width spaces, fillers) count as empty, as on the server.
      rules.push({
        validator: async (_, value: unknown) => {
          if (typeof value === "string" && value.trim() !== "" && isBlankText(value))
            throw new Error(message);
        },
      });
    } else if (field.type === "referenceList") rules.push({ required: true, type: "array", min: 1, message });
    else rules.push({ required: true, message });
  }
  switch (field.type) {
    case "text":
    case "longText":
    case "richText":
    case "email":
    case "phone":
    case "url":
    case "colour":
      if (field.min !== undefined)
        rules.push({ min: field.min, message: `${label} needs at least ${field.min} characters` });
      if (field.max !== undefined)
        rules.push({ max: field.max, message: `${label} can have at most ${field.max} characters` });
      if (field.pattern !== undefined) {
        rules.push({
          pattern: new RegExp(`^(?:${field.pattern})$`),
          message: field.patternMessage ?? `${label} has an invalid format`,
        });
      }
      {
        const multiline = field.type === "longText" || field.type === "richText";
        rules.push({
          validator: async (_, value: unknown) => {
            const error = typeof value === "string" ? textHygieneError(value, multiline) : null;
            if (error) throw new Error(`${label}: ${error.charAt(0).toLowerCase()}${error.slice(1)}`);
          },
        });
      }
      if (field.type === "email") rules.push({ type: "email", message: `${label} must be an email address` });
      if (field.type === "url") rules.push({ type: "url", message: `${label} must be a web address` });
      break;
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      // A validator, not `type: "number"`: decimals may arrive from the server as strings ("12.50").
      if (field.min !== undefined || field.max !== undefined) {
        const { min, max, positive } = field;
        const shown = (n: number) => (n === MONEY_MAX ? "99,999,999.99" : String(n));
        rules.push({
          validator: async (_, value: unknown) => {
            if (value === undefined || value === null || value === "") return;
            const n = Number(value);
            if (min !== undefined && n < min) throw new Error(`${label} must be at least ${min}`);
            if (positive && min !== undefined && n <= min) {
              throw new Error(`${label} must be greater than ${min}`);
            }
            if (max !== undefined && n > max) throw new Error(`${label} must be at most ${shown(max)}`);
          },
        });
      }
      if (field.notAbove) {
        const other = field.notAbove;
        rules.push(({ getFieldValue }) => ({
          validator: async (_, value: unknown) => {
            const limit = getFieldValue(other.field) as unknown;
            if (isEmpty(value) || isEmpty(limit)) return;
            if (Number(value) > Number(limit)) throw new Error(`${label} cannot exceed ${other.label}`);
          },
        }));
      }
      break;
    case "date":
    case "datetime": {
      rules.push({
        validator: async (_, value: unknown) => {
          if (typeof value !== "string" || value === "") return;
          const year = Number(value.slice(0, 4));
          if (year < YEAR_MIN || year > YEAR_MAX) {
            throw new Error(`${label}: use a year between ${YEAR_MIN} and ${YEAR_MAX}`);
          }
          if (field.notAfter === "now" && Date.parse(value) > Date.now() + CLOCK_SKEW_MS) {
            throw new Error(`${label} cannot be in the future`);
          }
        },
      });
      const before = field.notBefore;
      if (before) {
        rules.push(({ getFieldValue }) => ({
          validator: async (_, value: unknown) => {
            const other = getFieldValue(before.field) as unknown;
            if (typeof value !== "string" || typeof other !== "string" || !value || !other) return;
            // Days compare as days: a due date on the order's own day is fine.
            if (value.slice(0, 10) < other.slice(0, 10)) {
              throw new Error(`${label} cannot be before ${before.label}`);
            }
          },
        }));
      }
      break;
    }
    case "json":
      rules.push({
        validator: async (_, value: unknown) => {
          if (typeof value === "string" && value.trim() !== "" && !isValidJson(value)) {
            throw new Error(`${label} must be valid JSON`);
          }
          if (isEmpty(value)) return;
          const parsed = typeof value === "string" ? JSON.parse(value) : value;
          if (field.maxBytes !== undefined && jsonBytes(parsed) > field.maxBytes) {
            throw new Error(`${label}: use at most ${Math.round(field.maxBytes / 1024)} KB of JSON`);
          }
          const error = field.shape ? jsonShapeError(field.shape, parsed) : null;
          if (error) throw new Error(`${label}: ${error}`);
        },
      });
      break;
  }
  return rules;
}
