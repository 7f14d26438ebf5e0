// Checks a JSON value against its field's declared shape (fields.ts JsonShape): the server's
// body validator and the form's rule run the same check, so both name the same first problem.
import type { JsonShape } from "./fields";
import { isBlankText, textHygieneError } from "./text-hygiene";

/** Where in the value a problem is, as a person reads it: "item 2, price". */
const at = (path: string[]) => (path.length > 0 ? `${path.join(", ")}: ` : "");

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The first way `value` departs from `shape`, or null when it fits. */
export function jsonShapeError(shape: JsonShape, value: unknown, path: string[] = []): string | null {
  switch (shape.type) {
    case "string":
    case "url": {
      if (typeof value !== "string") return `${at(path)}expected text`;
      if (isBlankText(value)) return `${at(path)}expected some visible text`;
      const hygiene = textHygieneError(value, false);
      if (hygiene) return `${at(path)}${hygiene}`;
      if (shape.type === "string" && value.length > shape.max) {
        return `${at(path)}use at most ${shape.max} characters`;
      }
      if (shape.type === "url" && (!/^https?:\/\/\S+$/i.test(value) || value.length > 2000)) {
        return `${at(path)}expected a web address starting with http:// or https://`;
      }
      return null;
    }
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) return `${at(path)}expected a whole number`;
      if (value < shape.min) return `${at(path)}must be at least ${shape.min}`;
      if (value > shape.max) return `${at(path)}must be at most ${shape.max.toLocaleString("en-US")}`;
      return null;
    case "money":
      if (typeof value !== "number" || !Number.isFinite(value)) return `${at(path)}expected an amount`;
      if (value < shape.min) return `${at(path)}must be at least ${shape.min}`;
      if (value > 99_999_999.99) return `${at(path)}must be at most 99,999,999.99`;
      if (!cents(value)) return `${at(path)}use at most 2 decimal places`;
      return null;
    case "boolean":
      return typeof value === "boolean" ? null : `${at(path)}expected true or false`;
    case "enum":
      if (typeof value !== "string" || !shape.values.includes(value)) {
        return `${at(path)}expected one of: ${shape.values.join(", ")}`;
      }
      return null;
    case "array": {
      if (!Array.isArray(value)) return `${at(path)}expected a list`;
      if (value.length > shape.max) return `${at(path)}use at most ${shape.max} entries`;
      for (const [i, item] of value.entries()) {
        const error = jsonShapeError(shape.items, item, [...path, `entry ${i + 1}`]);
        if (error) return error;
      }
      const key = shape.increasing;
      if (key) {
        for (let i = 1; i < value.length; i++) {
          if ((value[i] as Record<string, number>)[key] <= (value[i - 1] as Record<string, number>)[key]) {
            return `${at([...path, `entry ${i + 1}`])}each ${key} must be larger than the one before`;
          }
        }
      }
      const unique = shape.unique;
      if (unique) {
        const seen = new Map<unknown, number>();
        for (const [i, item] of value.entries()) {
          const v = (item as Record<string, unknown>)[unique];
          const first = seen.get(v);
          if (first !== undefined) {
            return `${at([...path, `entry ${i + 1}`])}${unique} "${String(v).slice(0, 40)}" is already used by entry ${first + 1}`;
          }
          seen.set(v, i);
        }
      }
      return null;
    }
    case "object": {
      if (!isObject(value)) return `${at(path)}expected an object`;
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape.properties, key)) {
          return `${at(path)}unknown property "${key.slice(0, 40)}" (expected ${Object.keys(shape.properties).join(", ")})`;
        }
      }
      for (const [key, inner] of Object.entries(shape.properties)) {
        const v = value[key];
        if (v === undefined || v === null) {
          if (inner.type !== "array" && inner.type !== "object" && inner.type !== "map" && inner.required) {
            return `${at([...path, key])}required`;
          }
          continue;
        }
        const error = jsonShapeError(inner, v, [...path, key]);
        if (error) return error;
      }
      return null;
    }
    case "map": {
      if (!isObject(value)) return `${at(path)}expected an object of names and values`;
      const keys = Object.keys(value);
      if (keys.length > shape.maxKeys) return `${at(path)}use at most ${shape.maxKeys} entries`;
      for (const key of keys) {
        if (isBlankText(key) || key.length > shape.maxKeyLength || textHygieneError(key, false)) {
          return `${at(path)}each name must be visible text of at most ${shape.maxKeyLength} characters`;
        }
        const error = jsonShapeError(shape.values, value[key], [...path, key.slice(0, 40)]);
        if (error) return error;
      }
      return null;
    }
  }
}

/** The UTF-8 size of the value as stored (JSON text). */
export const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;
