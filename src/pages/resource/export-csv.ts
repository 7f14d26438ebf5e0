// CSV export of a list: GET {path}/export.csv with the table's own sort, search and filters
// (no page: the server streams every matching row). Fetched through the http client so the
// Authorization header goes along, then handed to the browser as a download.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { AxiosError, isAxiosError } from "axios";
import { listParams } from "../../providers/data-provider";
import { push } from "../../providers/feedback-store";
import { errorMessageFrom, httpClient } from "../../providers/http-client";
import type { Resource } from "../../resource-engine/define";

export function exportUrl(resource: Resource): string {
  return `${resource.path}/export.csv`;
}

/** With responseType "blob" an error body is a Blob too: read it so the message can be shown. */
async function readableError(error: AxiosError): Promise<AxiosError> {
  const data: unknown = error.response?.data;
  if (!(data instanceof Blob) || !error.response) return error;
  try {
    const body: unknown = JSON.parse(await data.text());
    return new AxiosError(error.message, error.code, error.config, error.request, {
      ...error.response,
      data: body,
    });
  } catch {
    return error;
  }
}

/** Hands a fetched file to the browser's downloads under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function downloadCsv(
  resource: Resource,
  { sorters, filters }: { sorters: CrudSort[]; filters: CrudFilter[] },
): Promise<void> {
  await downloadFile(
    exportUrl(resource),
    listParams({ sorters, filters }),
    `${resource.path}-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

/** GET `url` (through the http client, so the session goes along) and save the answer as `name`; a refusal is shown. */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  name: string,
): Promise<void> {
  try {
    const response = await httpClient.get<Blob>(url, { params, responseType: "blob" });
    saveFile(response.data, name);
  } catch (error) {
    const readable = isAxiosError(error) ? await readableError(error) : error;
    push({ text: errorMessageFrom(readable), type: "error" });
  }
}
