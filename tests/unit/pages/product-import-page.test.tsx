// /products/:site_id/import: the CSV goes to the preview through the http client (its type, the
// site, upload progress), the preview's problems are listed and marked on the sample rows, Import
// stays disabled while there is one, and a clean file commits and links back to the site's list.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportPreview } from "../../../src/custom/catalogue/product-import";
import ProductImportPage from "../../../src/custom/catalogue/product-import-page";
import { PRODUCT_IMPORT_ROUTE } from "../../../src/custom/catalogue/product-routes";
import { clear } from "../../../src/providers/feedback-store";
import { httpClient } from "../../../src/providers/http-client";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { fakeDataProvider, renderWithProviders } from "../resource-pages/render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

interface Sent {
  url: string;
  contentType: unknown;
  body: unknown;
}

let sent: Sent[] = [];
/** Answers in turn; each waits for `release` when given one (to see the progress meanwhile). */
let answers: { status: number; data: unknown; release?: Promise<void> }[] = [];

beforeEach(() => {
  sent = [];
  answers = [];
  setSessionToken("token-7");
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    sent.push({
      url: httpClient.getUri(config),
      contentType: config.headers.get("Content-Type"),
      body: config.data,
    });
    config.onUploadProgress?.({ loaded: 40, total: 100, progress: 0.4, bytes: 40, lengthComputable: true });
    const answer = answers.shift() ?? { status: 500, data: { message: "no answer queued" } };
    await answer.release;
    const response: AxiosResponse = {
      status: answer.status,
      statusText: "",
      data: answer.data,
      headers: {},
      config,
    };
    if (answer.status >= 400) throw new AxiosError("Request failed", "ERR_BAD_REQUEST", config, {}, response);
    return response;
  };
});

afterEach(() => {
  clearSession();
  clear();
});

const sample = (rows: number[]) =>
  rows.map((row) => ({ row, values: { sku: `BC-${row}`, name: `Card ${row}`, active: true } }));

const withProblems: ImportPreview = {
  rows: 3,
  valid: 2,
  errors: [{ row: 3, field: "name", message: "This field is required" }],
  sample: sample([2, 3, 4]),
  columns: ["sku", "name", "active"],
};
const clean: ImportPreview = {
  rows: 3,
  valid: 3,
  errors: [],
  sample: sample([2, 3, 4]),
  columns: ["sku", "name", "active"],
};

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path={PRODUCT_IMPORT_ROUTE} element={<ProductImportPage />} />
    </Routes>,
    {
      path: "/products/4/import",
      dataProvider: fakeDataProvider({ Site: [{ id: 4, name: "Main street" }] }),
    },
  );
}

const csvFile = (text = "sku,name,active\nBC-2,Card 2,yes\n") =>
  new File([text], "products.csv", { type: "text/csv" });

async function drop(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const importButton = () => screen.getByRole("button", { name: /^Import 3 products$/ });

describe("product import page", () => {
  it("names the site and offers a template of the importable fields", async () => {
    renderPage();
    expect(
      await screen.findByRole("heading", { name: "Import products into Main street" }, slow),
    ).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Download template" });
    expect(link).toHaveAttribute("download", "products-import-template.csv");
    const header = decodeURIComponent(
      (link.getAttribute("href") ?? "").replace(/^data:text\/csv;charset=utf-8,/, ""),
    );
    expect(header.trim().split(",")).toEqual(
      expect.arrayContaining(["sku", "name", "product_type_id", "active"]),
    );
    // The site comes from the page; computed fields are the server's.
    expect(header).not.toMatch(/site_id/);
    expect(screen.getByRole("link", { name: /Products of Main street/ })).toHaveAttribute(
      "href",
      "/products/4",
    );
  });

  it("uploads the CSV for the preview, shows progress, lists the problems and keeps Import disabled", async () => {
    let release = () => {};
    answers.push({ status: 200, data: { data: withProblems }, release: new Promise((r) => (release = r)) });
    renderPage();
    await screen.findByRole("heading", { name: /Import products/ }, slow);
    const file = csvFile();
    await drop(file);

    const status = await screen.findByRole("status", { name: "Progress" }, slow);
    expect(within(status).getByText("40%")).toBeInTheDocument();
    expect(within(status).getByText("Uploading products.csv…")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/products\/import\/preview\?site_id=4$/);
    expect(sent[0].contentType).toBe("text/csv");
    expect(sent[0].body).toBe(file);
    release();

    expect(await screen.findByText("1 of 3 rows have problems", undefined, slow)).toBeInTheDocument();
    const problems = screen.getByText("Problems").closest(".ant-table-wrapper") as HTMLElement;
    const problemRow = within(problems).getByText("This field is required").closest("tr") as HTMLElement;
    expect(within(problemRow).getByText("3")).toBeInTheDocument();
    expect(within(problemRow).getByText("Name")).toBeInTheDocument();

    // The sample marks the bad cell of row 3, and only that one.
    const sampleTable = screen.getByText("The first 3 rows").closest(".ant-table-wrapper") as HTMLElement;
    const marked = within(sampleTable).getByText("This field is required").closest("td") as HTMLElement;
    expect(marked.style.background).not.toBe("");
    expect(within(marked.closest("tr") as HTMLElement).getByText("BC-3")).toBeInTheDocument();
    expect((within(sampleTable).getByText("BC-2").closest("td") as HTMLElement).style.background).toBe("");

    expect(importButton()).toBeDisabled();
  });

  it("commits a clean file and links back to the site's products", async () => {
    answers.push({ status: 200, data: { data: clean } }, { status: 201, data: { data: { created: 3 } } });
    renderPage();
    await screen.findByRole("heading", { name: /Import products/ }, slow);
    await drop(csvFile());
    expect(await screen.findByText("3 rows are ready to import", undefined, slow)).toBeInTheDocument();
    expect(importButton()).toBeEnabled();
    fireEvent.click(importButton());

    expect(await screen.findByText("Imported 3 products", undefined, slow)).toBeInTheDocument();
    expect(sent[1].url).toMatch(/\/products\/import\/commit\?site_id=4$/);
    expect(screen.getByRole("link", { name: "Back to the products" })).toHaveAttribute("href", "/products/4");
  });

  it("shows the rows a refused commit names and disables Import again", async () => {
    answers.push(
      { status: 200, data: { data: clean } },
      {
        status: 400,
        data: {
          message: "Validation failed",
          errors: [
            {
              field: "rows.4.sku",
              message: 'Another product already has the SKU "BC-4". Use a different SKU.',
            },
          ],
        },
      },
    );
    renderPage();
    await screen.findByRole("heading", { name: /Import products/ }, slow);
    await drop(csvFile());
    await screen.findByText("3 rows are ready to import", undefined, slow);
    fireEvent.click(importButton());
    await waitFor(() => expect(importButton()).toBeDisabled(), slow);
    const problems = screen.getByText("Problems").closest(".ant-table-wrapper") as HTMLElement;
    expect(within(problems).getByText(/Another product already has the SKU "BC-4"/)).toBeInTheDocument();
    expect(within(problems).getByText("SKU")).toBeInTheDocument();
  });
});
