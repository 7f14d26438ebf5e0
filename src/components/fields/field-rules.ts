// antd Form rules from a field's declared constraints: the same limits the server enforces,
// checked before the request so most mistakes never make a round trip.
import type { Rule } from "antd/es/form";
import type { Field } from "../../resource-engine/fields";

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

export function rulesFor(field: Field): Rule[] {
  const label = field.label ?? "This field";
  const rules: Rule[] = [];
  // A boolean's "required" means "has a value", which a switch always has.
  if (field.required && field.type !== "boolean") {
    // `whitespace` only on text: async-validator treats any rule with a key beside `required`
    // as a string rule, which rejected every number and reference id as "required".
    const message = `${label} is required`;
    if (TEXT_TYPES.has(field.type)) rules.push({ required: true, whitespace: true, message });
    else if (field.type === "referenceList") rules.push({ required: true, type: "array", min: 1, message });
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
      if (field.type === "email") rules.push({ type: "email", message: `${label} must be an email address` });
      if (field.type === "url") rules.push({ type: "url", message: `${label} must be a web address` });
      break;
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      // A validator, not `type: "number"`: decimals may arrive from the server as strings ("12.50").
      if (field.min !== undefined || field.max !== undefined) {
        const { min, max } = field;
        rules.push({
          validator: async (_, value: unknown) => {
            if (value === undefined || value === null || value === "") return;
            const n = Number(value);
            if (min !== undefined && n < min) throw new Error(`${label} must be at least ${min}`);
            if (max !== undefined && n > max) throw new Error(`${label} must be at most ${max}`);
          },
        });
      }
      break;
    case "json":
      rules.push({
        validator: async (_, value: unknown) => {
          if (typeof value === "string" && value.trim() !== "" && !isValidJson(value)) {
            throw new Error(`${label} must be valid JSON`);
          }
        },
      });
      break;
  }
  return rules;
}
