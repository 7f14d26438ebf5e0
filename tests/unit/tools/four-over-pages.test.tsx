// /4-over-tool and /4-over-tool/{id} (src/custom/tools/four-over-*.tsx) in a real <Refine> with the app's data
// provider and http client; the API is a fake adapter answering by path. The list says when 4over is not configured
// and keeps its filter in the address; the item page previews, sends after a confirmation, and then shows the job's
// status history; a lost answer asks for the job 4over has under its reference.
import { Refine } from "@refinedev/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import FourOverItemPage from "../../../src/custom/tools/four-over-item-page";
import FourOverPage from "../../../src/custom/tools/four-over-page";
import { setMergedPermissions } from "../../../src/providers/access-control";
import { dataProvider } from "../../../src/providers/data-provider";
import { httpClient } from "../../../src/providers/http-client";

vi.setConfig({ testTimeout: 30_000 });

const item = {
  id: 5,
  item_id: 5,
  order_id: 501,
  order_number: "ORD-100501",
  order_version: 4,
  item_number: 1,
  customer: "Acme Dental",
  description: "Foil business cards",
  quantity: 500,
  color_spec: "4/4",
  options: {},
  sku: "TR-BC-FOIL",
  product_name: "Foil business cards",
  item_status: "Approved",
  four_over_product: "6f1f8a4e-foil-16pt-bc-2x35",
  job_id: null,
  reference: null,
  status: null,
  tracking: null,
  history: [],
  polled_at: null,
  sent_at: null,
  shipping_method: null,
};
const sentItem = {
  ...item,
  job_id: "Z40000001-001",
  reference: "ORD-100501-1",
  status: "Submitted",
  history: [{ at: "2027-02-15T11:00:00.000Z", status: "Submitted" }],
  sent_at: "2027-02-15T11:00:00.000Z",
  shipping_method: "UPS Ground",
};
// Item 6: sent ten minutes ago, 4over's answer never recorded.
const lostItem = {
  ...item,
  id: 6,
  item_id: 6,
  item_number: 2,
  description: "Door hangers",
  reference: "ORD-100501-2",
  status: "Sending",
  sending_since: "2027-02-15T10:50:00.000Z",
  stale: true,
};
let recovered = false;
const preview = {
  product_uuid: "6f1f8a4e-foil-16pt-bc-2x35",
  chosen: [
    { group: "Runsize", option: "500" },
    { group: "Colorspec", option: "4/4" },
  ],
  unmapped: ["finish: soft touch"],
  ship_to: {
    company: "Acme Dental",
    address: "100 Main St",
    city: "Springfield",
    state: "IL",
    zipcode: "62701",
  },
  shipping_options: [
    { code: "03", name: "UPS Ground", price: 14.53 },
    { code: "02", name: "UPS 2nd Day Air", price: 41.1 },
  ],
  files: {},
  test_order: false,
  sent: false,
};

const calls: { call: string; body: unknown }[] = [];
let submitted = false;
beforeAll(() => {
  setMergedPermissions({ isAdmin: false, permissions: { Order: ["ReadAny", "UpdateAny"] } });
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = httpClient.getUri(config).replace(/^.*\/api\/v1\//, "");
    const call = `${config.method?.toUpperCase()} ${url}`;
    calls.push({ call, body: config.data ? JSON.parse(String(config.data)) : undefined });
    let data: unknown = { data: {} };
    if (url.startsWith("four-over/items?") || url === "four-over/items") {
      data = { data: { configured: false, message: "4over is not configured: add its keys", rows: [item] } };
    } else if (url === "four-over/items/5") {
      data = { data: { configured: true, message: null, item: submitted ? sentItem : item } };
    } else if (url === "four-over/items/6") {
      const found = { ...lostItem, job_id: "Z40000002-001", status: "Submitted", stale: false };
      data = { data: { configured: true, message: null, item: recovered ? found : lostItem } };
    } else if (url === "four-over/items/6/recover") {
      recovered = true;
      data = {
        data: { item: lostItem, message: "Item 2 of ORD-100501 is recorded as 4over job Z40000002-001" },
      };
    } else if (url === "four-over/items/5/preview") {
      data = { data: preview };
    } else if (url === "four-over/items/5/submit") {
      submitted = true;
      data = { data: { item: sentItem, message: "Item 1 of ORD-100501 went to 4over as job Z40000001-001" } };
    }
    return { status: 200, statusText: "", data, headers: {}, config } as AxiosResponse;
  };
});
afterAll(() => setMergedPermissions(null));

function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <Routes>
          <Route path="/4-over-tool" element={<FourOverPage />} />
          <Route path="/4-over-tool/:id" element={<FourOverItemPage />} />
        </Routes>
        <Address />
      </Refine>
    </MemoryRouter>,
  );

describe("the 4over tool's pages", () => {
  it("lists the items with the not-configured sentence, and keeps the filter in the address", async () => {
    renderAt("/4-over-tool");
    expect(await screen.findByText("4over is not configured: add its keys")).toBeInTheDocument();
    const table = await screen.findByLabelText("Order items for 4over");
    await waitFor(() => expect(within(table).getByText("Not sent")).toBeInTheDocument());
    expect(within(table).getByRole("link", { name: "Open item 1 of ORD-100501" })).toHaveAttribute(
      "href",
      "/4-over-tool/5",
    );
    const typist = userEvent.setup({ delay: null });
    await typist.click(screen.getByText("Sent to 4over"));
    await waitFor(() =>
      expect(screen.getByLabelText("address")).toHaveTextContent("/4-over-tool?state=sent"),
    );
    await waitFor(() => expect(calls.map((c) => c.call)).toContain("GET four-over/items?state=sent"));
  });

  it("previews, sends with the shipping chosen after a confirmation, then shows the job", async () => {
    renderAt("/4-over-tool/5");
    expect(
      await screen.findByRole("heading", { name: "ORD-100501, item 1: Foil business cards" }),
    ).toBeInTheDocument();
    const typist = userEvent.setup({ delay: null });
    await typist.click(screen.getByRole("button", { name: "Preview" }));
    expect(
      await screen.findByText("Not sent to 4over (no field map): finish: soft touch"),
    ).toBeInTheDocument();
    await typist.click(screen.getByRole("radio", { name: "UPS 2nd Day Air, $41.10" }));
    await typist.click(screen.getByRole("button", { name: "Send to 4over" }));
    const popover = await screen.findByRole("tooltip");
    await typist.click(within(popover).getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText("Item 1 of ORD-100501 went to 4over as job Z40000001-001"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.call === "POST four-over/items/5/submit")?.body).toEqual({
      version: 4,
      shipping_code: "02",
    });
    expect(await screen.findByRole("button", { name: "Refresh status" })).toBeInTheDocument();
    expect(screen.getByText("Z40000001-001")).toBeInTheDocument();
  });

  it("asks for the job 4over has under a lost answer's reference, and records it", async () => {
    renderAt("/4-over-tool/6");
    expect(await screen.findByText(/4over's answer was never recorded/)).toBeInTheDocument();
    expect(screen.getByText("ORD-100501-2")).toBeInTheDocument();
    const typist = userEvent.setup({ delay: null });
    await typist.click(screen.getByRole("button", { name: "Record the job" }));
    expect(await screen.findByText("Enter the job id 4over shows")).toBeInTheDocument();
    expect(calls.some((c) => c.call === "POST four-over/items/6/recover")).toBe(false);
    await typist.type(screen.getByLabelText("4over job id"), " Z40000002-001 ");
    await typist.click(screen.getByRole("button", { name: "Record the job" }));
    expect(
      await screen.findByText("Item 2 of ORD-100501 is recorded as 4over job Z40000002-001"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.call === "POST four-over/items/6/recover")?.body).toEqual({
      job_id: "Z40000002-001",
    });
    expect(await screen.findByRole("button", { name: "Refresh status" })).toBeInTheDocument();
    // Resolved: the lost answer's choices are gone.
    expect(screen.queryByRole("button", { name: /send again/ })).toBeNull();
  });

  it("tells whoever cannot read every order why there is nothing, without asking the server", async () => {
    setMergedPermissions({ isAdmin: false, permissions: { Order: ["ReadOwn"] } });
    const before = calls.length;
    try {
      renderAt("/4-over-tool");
      expect(await screen.findByText(/it needs permission to read every order/)).toBeInTheDocument();
      expect(screen.queryByLabelText("Order items for 4over")).not.toBeInTheDocument();
      expect(calls.length).toBe(before);
    } finally {
      setMergedPermissions({ isAdmin: false, permissions: { Order: ["ReadAny", "UpdateAny"] } });
    }
  });
});
