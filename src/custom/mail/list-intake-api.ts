// The list page's calls (server/mail/list-intake-routes.ts) through the app's one http client:
// errors are shown by it (spec §8) and rethrown as RequestError with their field messages.
import { saveFile } from "../../pages/resource/export-csv";
import { failedCall, httpClient, request } from "../../providers/http-client";
import type { DedupeRule, Outcome } from "./list-fields";

export interface FieldSource {
  column: string;
  transform: string;
  defaultValue: string | null;
}

export interface IntakeRow {
  row: number;
  cells: string[];
  address: Record<string, string> | null;
  outcome: Outcome | null;
  reason: string | null;
}

export interface Intake {
  id: number;
  version: number;
  status: string;
  header: string[] | null;
  mapping: { name: string; fields: Record<string, FieldSource> } | null;
  counts: Record<"records" | "valid" | "invalid" | "duplicate" | "suppressed" | "unprocessed", number>;
  sample: IntakeRow[];
  maps: string[];
}

const base = (id: number | string) => `lists/${id}`;

export async function fetchIntake(id: number | string): Promise<Intake | undefined> {
  return (await request<{ data: Intake }>({ method: "GET", resource: `${base(id)}/intake` }))?.data;
}

/** Sends the file as it is (the browser streams it); `onProgress` gets 0–100. */
export async function uploadList(
  id: number | string,
  version: number,
  file: Blob,
  onProgress: (p: number) => void,
) {
  return (
    await request<{ data: { rows: number; columns: string[]; version: number } }>({
      method: "POST",
      resource: `${base(id)}/upload`,
      params: { version },
      data: file,
      headers: { "Content-Type": "text/csv" },
      onUploadProgress: (e) =>
        onProgress(Math.round(100 * (e.progress ?? (e.total ? e.loaded / e.total : 0)))),
    })
  )?.data;
}

export async function saveMapping(
  id: number | string,
  version: number,
  name: string,
  fields: Record<string, string>,
) {
  return (
    await request<{ data: { version: number } }>({
      method: "POST",
      resource: `${base(id)}/mapping`,
      data: { version, name, fields },
    })
  )?.data;
}

export async function processList(
  id: number | string,
  version: number,
  dedupeRule: DedupeRule,
  suppressListId: number | null,
) {
  return (
    await request<{ data: { version: number; counts: Intake["counts"] } }>({
      method: "POST",
      resource: `${base(id)}/process`,
      data: { version, dedupe_rule: dedupeRule, suppress_list_id: suppressListId },
    })
  )?.data;
}

/** Downloads the list's records of these outcomes as a CSV file. */
export async function exportList(id: number | string, outcome: string, fileName: string): Promise<void> {
  try {
    const response = await httpClient.get<Blob>(`${base(id)}/export.csv`, {
      params: { outcome },
      responseType: "blob",
    });
    saveFile(response.data, fileName);
  } catch (error) {
    // The catalogue's message for the failure, shown once (spec §8).
    failedCall(error);
  }
}
