// The automated campaign's page (src/custom/mail/campaign-page.tsx) in a real <Refine> with the app's data provider
// and http client; the API is a fake adapter answering by path. It shows the campaign's calendar and next run, the
// history (the order and mail order a run made, a retried attempt's error), and Run now posts and says what it made.
import { Refine } from "@refinedev/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import CampaignPage from "../../../src/custom/mail/campaign-page";
import { setMergedPermissions } from "../../../src/providers/access-control";
import { dataProvider } from "../../../src/providers/data-provider";
import { httpClient } from "../../../src/providers/http-client";

vi.setConfig({ testTimeout: 30_000 });

const campaign = {
  id: 7,
  version: 3,
  name: "Spring list: monthly postcard",
  customer_id: 4,
  list_id: 10,
  product_id: 2,
  template_id: null,
  cadence: "monthly",
  day_of_month: 15,
  month: null,
  delay_days: null,
  quantity_source: "fixed",
  quantity: 2500,
  mail_class: "marketing",
  lead_days: 3,
  drop_count: 2,
  active: true,
  next_run_at: "2027-03-15T11:00:00.000Z",
  last_run_at: null,
  created_at: "2027-01-01T00:00:00.000Z",
  customer_name: "Acme Dental",
  list_name: "Spring list",
  product_name: "Postcard 4x6",
  template_name: null,
  last_outcome: null,
};
const doneRun = {
  id: 31,
  job_id: 12,
  attempt: 1,
  max_attempts: 5,
  outcome: "done",
  error: null,
  manual: true,
  started_at: "2027-02-15T11:00:00.000Z",
  finished_at: "2027-02-15T11:00:01.000Z",
  result: {
    order_id: 501,
    order_number: "ORD-100501",
    mail_order_id: 77,
    mail_order_number: "MO-30077",
    pieces: 2500,
    drop_dates: ["2027-02-18", "2027-02-25"],
  },
};
const history = {
  runs: [
    {
      ...doneRun,
      id: 30,
      outcome: "retry",
      error: "The drops mail 2,500 pieces, more than the 1,447 records of its mailing lists (Spring list)",
      result: null,
      manual: false,
    },
  ],
  waiting: [
    {
      id: 11,
      run_at: "2027-02-15T12:00:00.000Z",
      state: "scheduled",
      attempts: 1,
      max_attempts: 5,
      last_error:
        "The drops mail 2,500 pieces, more than the 1,447 records of its mailing lists (Spring list)",
      manual: false,
    },
  ],
};

const sent: string[] = [];
let ran = false;
beforeAll(() => {
  setMergedPermissions({
    isAdmin: false,
    permissions: { MailOrder: ["Read", "Create", "Update"], Order: ["Create"] },
  });
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = httpClient.getUri(config).replace(/^.*\/api\/v1\//, "");
    sent.push(`${config.method?.toUpperCase()} ${url}`);
    let data: unknown = { data: campaign };
    if (url === "campaigns/7/runs")
      data = { data: ran ? { runs: [doneRun, ...history.runs], waiting: [] } : history };
    if (url === "campaigns/7/run") {
      ran = true;
      data = { data: { outcome: "done", run: doneRun, campaign } };
    }
    return { status: 200, statusText: "", data, headers: {}, config } as AxiosResponse;
  };
});
afterAll(() => setMergedPermissions(null));

describe("the automated campaign's page", () => {
  it("shows the calendar, the failed attempt, and Run now's order and mail order", async () => {
    render(
      <MemoryRouter initialEntries={["/automated-campaigns/7"]}>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/automated-campaigns/:id" element={<CampaignPage />} />
          </Routes>
        </Refine>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: /Spring list: monthly postcard/ })).toBeInTheDocument();
    expect(screen.getByText("Monthly on the 15th")).toBeInTheDocument();
    expect(screen.getByText("2,500 pieces, in 2 drops a week apart")).toBeInTheDocument();
    const table = await screen.findByLabelText("Run history");
    await waitFor(() => expect(within(table).getByText("Failed, will retry")).toBeInTheDocument());
    expect(within(table).getByText(/more than the 1,447 records/)).toBeInTheDocument();
    expect(screen.getByText(/A run failed 1 of 5 times; the next attempt is at/)).toBeInTheDocument();

    const typist = userEvent.setup({ delay: null });
    await typist.click(screen.getByRole("button", { name: "Run now" }));
    const popover = await screen.findByRole("tooltip");
    await typist.click(within(popover).getByRole("button", { name: "Run now" }));
    expect(await screen.findByText("Run done: ORD-100501 with mail order MO-30077")).toBeInTheDocument();
    expect(sent).toContain("POST campaigns/7/run");
    await waitFor(() =>
      expect(within(table).getByRole("link", { name: "MO-30077" })).toHaveAttribute(
        "href",
        "/mail-orders/77",
      ),
    );
    expect(within(table).getByRole("link", { name: "ORD-100501" })).toHaveAttribute("href", "/orders/501");
    expect(within(table).getByText("Run now")).toBeInTheDocument();
  });
});
