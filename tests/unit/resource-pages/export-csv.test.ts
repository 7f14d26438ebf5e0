// CSV export: the list's own sort/search/filters (no page) on {path}/export.csv, with the
// session's Authorization header, handed to the browser as a file; a failure shows its message.
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadCsv } from "../../../src/pages/resource/export-csv";
import { clear, getMessages } from "../../../src/providers/feedback-store";
import { httpClient } from "../../../src/providers/http-client";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { resourceOf } from "../../../src/resource-engine/registry";

const vendors = resourceOf("Vendor");
if (!vendors) throw new Error("Vendor is declared");

let sent: { url: string; authorization: unknown; responseType?: string }[] = [];
let status = 200;

beforeEach(() => {
  sent = [];
  status = 200;
  setSessionToken("token-9");
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push({
      url: httpClient.getUri(config),
      authorization: config.headers.get("Authorization"),
      responseType: config.responseType,
    });
    const data =
      status === 200
        ? new Blob(["name\nAcme\n"], { type: "text/csv" })
        : new Blob([JSON.stringify({ message: "Export is not available" })]);
    const response: AxiosResponse = { status, statusText: "", data, headers: {}, config };
    if (status >= 400) throw new AxiosError("Request failed", "ERR_BAD_REQUEST", config, {}, response);
    return response;
  };
  URL.createObjectURL = vi.fn(() => "blob:csv");
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  clearSession();
  clear();
});

describe("CSV export", () => {
  it("asks for every matching row in the list's order and downloads it", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    await downloadCsv(vendors, {
      sorters: [{ field: "name", order: "asc" }],
      filters: [
        { field: "search", operator: "contains", value: "acme" },
        { field: "terms", operator: "in", value: ["cod", "net30"] },
      ],
    });
    expect(sent).toEqual([
      {
        url: "/api/v1/vendors/export.csv?sort=name&search=acme&terms=cod%2Cnet30",
        authorization: "Bearer token-9",
        responseType: "blob",
      },
    ]);
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe("blob:csv");
    expect(link.download).toMatch(/^vendors-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
  });

  it("shows the server's message when the export fails", async () => {
    status = 409;
    await downloadCsv(vendors, { sorters: [], filters: [] });
    expect(getMessages().map((m) => m.text)).toEqual(["Export is not available"]);
  });
});
