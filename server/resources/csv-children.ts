import type { Field } from "../../src/resource-engine/fields";
import type { ChildModel, ResourceModel } from "./model";

// A CSV import's child rows (a product's variants, issue 21). A column headed
// "<collection>.<field>" (by the row field's name or label: "variants.sku", "variants.Option values")
// gives a row of that collection. A data row that repeats the key (SKU) of the record above with its
// other record cells empty adds one more row to that record's collection; a record's own row may
// give its first. Each child cell's problem stays on its own spreadsheet row.

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

export interface ChildColumn {
  index: number;
  child: ChildModel;
  name: string;
  field: Field;
}

/** The header's child columns, and every column headed "<collection>.<x>" (unknown ones are errors of row 1). */
export function mapChildColumns(
  model: ResourceModel,
  header: string[],
  errors: { row: number; field?: string; message: string }[],
): { columns: ChildColumn[]; indices: Set<number> } {
  const columns: ChildColumn[] = [];
  const indices = new Set<number>();
  header.forEach((raw, index) => {
    const match = /^([^.]+)\.(.+)$/.exec(raw.trim());
    const child = match && model.children.find((c) => normal(c.name) === normal(match[1]));
    if (!match || !child) return;
    indices.add(index);
    const found = Object.entries(child.fields).find(
      ([name, f]) =>
        !f.readOnly && (normal(name) === normal(match[2]) || normal(f.label ?? name) === normal(match[2])),
    );
    if (!found) {
      errors.push({
        row: 1,
        field: raw.trim(),
        message: `Unknown column: a ${child.rowSingular} has no field called "${match[2].trim()}"`,
      });
      return;
    }
    columns.push({ index, child, name: found[0], field: found[1] });
  });
  return { columns, indices };
}

/** One record of the file: its own spreadsheet row and those of the child rows it carries. */
export interface RecordRows {
  row: number;
  cells: string[];
  /** Child rows by collection: spreadsheet row and cells. */
  children: { row: number; cells: string[] }[];
}

/**
 * The data rows as records: a row whose key cell repeats the record above's, with every other
 * record cell empty and some child cell filled, is that record's next child row.
 */
export function groupRecords(
  data: string[][],
  recordIndices: number[],
  keyIndex: number | undefined,
  childIndices: number[],
): RecordRows[] {
  const records: RecordRows[] = [];
  const cell = (cells: string[], i: number) => (cells[i] ?? "").trim();
  data.forEach((cells, i) => {
    const row = i + 2;
    const last = records.at(-1);
    const continues =
      last !== undefined &&
      keyIndex !== undefined &&
      childIndices.length > 0 &&
      cell(cells, keyIndex) !== "" &&
      cell(cells, keyIndex) === cell(last.cells, keyIndex) &&
      recordIndices.every((j) => j === keyIndex || cell(cells, j) === "") &&
      childIndices.some((j) => cell(cells, j) !== "");
    if (continues) last.children.push({ row, cells });
    else {
      const own = childIndices.some((j) => cell(cells, j) !== "") ? [{ row, cells }] : [];
      records.push({ row, cells, children: own });
    }
  });
  return records;
}
