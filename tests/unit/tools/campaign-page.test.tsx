// The automated campaign's page (src/custom/mail/campaign-page.tsx) in a real <Refine> with the app's data provider
// and http client; the API is a fake adapter answering by path. It shows the campaign's calendar and next run, the
// history (the order and mail order a run made, a retried attempt's error), and Run now posts and says what it made.
// Its settings' change log reads in words. Delete asks first, sends the version read and returns to the campaigns.
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
import { SPRING_CAMPAIGN } from "./campaign-settings";

vi.setConfig({ testTimeout: 60_000 });

const campaign = {
  id: 7,
  version: 3,
  ...SPRING_CAMPAIGN,
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
  page: 1,
  limit: 20,
  total: 1,
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
    permissions: { MailOrder: ["Read", "Create", "Update", "Delete"], Order: ["Create"] },
  });
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = httpClient.getUri(config).replace(/^.*\/api\/v1\//, "");
    sent.push(`${config.method?.toUpperCase()} ${url}${config.data ? ` ${config.data}` : ""}`);
    let data: unknown = { data: campaign };
    if (url.startsWith("campaigns/7/runs?"))
      data = {
        data: ran ? { ...history, runs: [doneRun, ...history.runs], waiting: [], total: 2 } : history,
      };
    if (url === "campaigns/7/run") {
      ran = true;
      data = { data: { outcome: "done", run: doneRun, campaign } };
    }
    if (config.method === "delete") data = { data: { id: 7 } };
    if (url.startsWith("campaigns/7/change-logs?"))
      data = {
        data: [
          {
            id: 5,
            action: "update",
            changed_at: "2027-02-01T10:00:00.000Z",
            user: { id: 1, name: "Avery Admin" },
            changes: {
              day_of_month: { from: 1, to: 15 },
              mail_class: { from: "first_class", to: "marketing" },
            },
          },
        ],
        // The contract's list shape: the table pages by the total (23 entries: three pages of 10).
        meta: { page: 1, limit: 10, total: 23 },
      };
    return { status: 200, statusText: "", data, headers: {}, config } as AxiosResponse;
  };
});
afterAll(() => setMergedPermissions(null));

describe("the automated campaign's page", () => {
  it("shows the calendar, the failed attempt, Run now's order and mail order, and deletes after asking", async () => {
    render(
      <MemoryRouter initialEntries={["/automated-campaigns/7"]}>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/automated-campaigns/:id" element={<CampaignPage />} />
            <Route path="/automated-drop-postcard-tool" element={<h1>All campaigns</h1>} />
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
    expect(sent).toContain("GET campaigns/7/runs?page=1&limit=20");
    const changes = await screen.findByLabelText("Changes");
    await waitFor(() => expect(within(changes).getByText("Day of the month: 1 → 15")).toBeInTheDocument());
    expect(within(changes).getByText("Mail class: First-Class → Marketing Mail")).toBeInTheDocument();
    expect(within(changes).getByText("Avery Admin")).toBeInTheDocument();
    // The pager follows the table (the label names the table itself).
    const pager = (changes.closest(".ant-table-wrapper") ?? changes) as HTMLElement;
    expect(await within(pager).findByTitle("3")).toBeInTheDocument();
    expect(within(pager).queryByTitle("4")).toBeNull();
    expect(screen.getByText(/A run failed 1 of 5 times; the next attempt is at/)).toBeInTheDocument();

    const typist = userEvent.setup({ delay: null });
    await typist.click(screen.getByRole("button", { name: "Run now" }));
    const popover = await screen.findByRole("tooltip");
    await typist.click(within(popover).getByRole("button", { name: "Run now" }));
    expect(await screen.findByText("Run done: ORD-100501 with mail order MO-30077")).toBeInTheDocument();
    expect(sent.some((call) => call.startsWith("POST campaigns/7/run"))).toBe(true);
    await waitFor(() =>
      expect(within(table).getByRole("link", { name: "MO-30077" })).toHaveAttribute(
        "href",
        "/mail-orders/77",
      ),
    );
    expect(within(table).getByRole("link", { name: "ORD-100501" })).toHaveAttribute("href", "/orders/501");
    expect(within(table).getByText("Run now")).toBeInTheDocument();

    // Delete asks first, sends the version read, and goes back to the campaigns.
    await typist.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByText("Delete this campaign?");
    expect(sent.some((call) => call.startsWith("DELETE"))).toBe(false);
    const box = confirm.closest(".ant-popover") as HTMLElement;
    await typist.click(within(box).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "All campaigns" })).toBeInTheDocument();
    expect(sent).toContain('DELETE campaigns/7 {"version":3}');
  });

  it("tells a person who may not read mail orders what they lack, and asks the server nothing", async () => {
    setMergedPermissions({ isAdmin: false, permissions: { Run: ["Read"] } });
    const before = sent.length;
    render(
      <MemoryRouter initialEntries={["/automated-drop-postcard-tool/7"]}>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/automated-drop-postcard-tool/:id" element={<CampaignPage />} />
          </Routes>
        </Refine>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(
        "Automated campaigns make mail orders, so seeing them needs permission to read mail orders (Mail orders: Read).",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Ask an administrator for it.")).toBeInTheDocument();
    expect(sent.length).toBe(before);
  });
});
