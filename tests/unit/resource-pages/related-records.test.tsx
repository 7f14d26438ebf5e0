// A show page's related records (Customer → its addresses, declared with `related`): the filtered,
// paginated request on the wire, the columns without the back-reference, Add with the
// back-reference preset and locked, Edit, and buttons hidden without the related kind's permission.
import type { CanParams } from "@refinedev/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RecordDetails } from "../../../src/pages/resource/record-details";
import { RELATED_PAGE_SIZE, RelatedRecords } from "../../../src/pages/resource/related-records";
import { dataProvider as apiDataProvider } from "../../../src/providers/data-provider";
import { clear } from "../../../src/providers/feedback-store";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import customers from "../../../src/resources/customers";
import { installFakeTransport } from "../fake-transport";
import { fakeDataProvider, renderWithProviders } from "./render-resource";

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 15_000 };

const customer = { id: 5, customer_number: "C-005", name: "Acme Print Buyers", version: 2 };
const addresses = [
  {
    id: 11,
    customer_id: 5,
    kind: "billing",
    nickname: "Head office",
    street1: "1 Main St",
    city: "Springfield",
    postal_code: "11111",
    country: "US",
    is_default: true,
  },
  {
    id: 12,
    customer_id: 5,
    kind: "shipping",
    nickname: "Warehouse",
    street1: "9 Dock Rd",
    city: "Shelbyville",
    postal_code: "22222",
    country: "US",
    is_default: false,
  },
];
const rows = { Customer: [customer], CustomerAddress: addresses };
// The address section alone: the customer's other sections (orders, payments) have tests of their own below.
const withAddresses = {
  ...customers,
  related: customers.related.filter((related) => related.kind === "CustomerAddress"),
};

type Can = (params: CanParams) => Promise<{ can: boolean }>;

function renderSection(dataProvider = fakeDataProvider(rows), can?: Can) {
  renderWithProviders(<RelatedRecords resource={withAddresses} record={customer} />, {
    path: "/customers/5",
    dataProvider,
    can,
  });
  return dataProvider;
}

const section = () => screen.findByRole("region", { name: "Addresses" }, slow);

describe("related records: the request", () => {
  const transport = installFakeTransport({
    status: 200,
    data: { data: addresses, meta: { page: 1, limit: RELATED_PAGE_SIZE, total: 2 } },
  });

  beforeEach(() => {
    transport.reset();
    setSessionToken("token-1");
  });

  afterEach(() => {
    clearSession();
    clear();
  });

  it("asks for the related kind's first page filtered by the back-reference, in its declared sort", async () => {
    renderSection(apiDataProvider);
    const region = await section();
    await within(region).findByText("Head office", undefined, slow);
    expect(transport.sent.map(({ method, url }) => ({ method, url }))).toEqual([
      {
        method: "GET",
        url: `/api/v1/customer-addresses?page=1&limit=${RELATED_PAGE_SIZE}&sort=nickname&customer_id=5`,
      },
    ]);
  });
});

describe("related records section", () => {
  it("lists the related records with the related list's columns minus the back-reference", async () => {
    const dataProvider = renderSection();
    const region = await section();
    const table = within(region).getByRole("table");
    await within(table).findByText("Head office", undefined, slow);
    expect(within(table).getByText("Warehouse")).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(["Kind", "Nickname", "Street 1", "City", "Default", "Actions"]);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "CustomerAddress",
        filters: [{ field: "customer_id", operator: "eq", value: 5 }],
        pagination: expect.objectContaining({ currentPage: 1, pageSize: RELATED_PAGE_SIZE }),
      }),
    );
  });

  it("is part of the record's details on its show page", async () => {
    renderWithProviders(<RecordDetails resource={withAddresses} record={customer} />, {
      path: "/customers/5",
      dataProvider: fakeDataProvider(rows),
    });
    const region = await section();
    expect(await within(region).findByText("Warehouse", undefined, slow)).toBeInTheDocument();
  });

  it("Add opens the related form with the back-reference preset and locked, and creates with it", async () => {
    const dataProvider = renderSection();
    const region = await section();
    fireEvent.click(await within(region).findByRole("button", { name: /Add customer address/ }, slow));
    const drawer = await screen.findByRole("dialog", undefined, slow);
    expect(within(drawer).getByText("Add customer address")).toBeInTheDocument();

    const customerInput = await within(drawer).findByLabelText("Customer", undefined, slow);
    expect(customerInput).toBeDisabled();
    const customerItem = customerInput.closest(".ant-form-item") as HTMLElement;
    expect(await within(customerItem).findByText("Acme Print Buyers", undefined, slow)).toBeInTheDocument();

    fireEvent.change(within(drawer).getByLabelText("Street 1"), { target: { value: "77 New Ln" } });
    fireEvent.change(within(drawer).getByLabelText("City"), { target: { value: "Capital City" } });
    fireEvent.change(within(drawer).getByLabelText("Postal code"), { target: { value: "12345" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled(), slow);
    expect(dataProvider.create).toHaveBeenCalledWith(
      expect.objectContaining({
        resource: "CustomerAddress",
        variables: expect.objectContaining({
          customer_id: 5,
          street1: "77 New Ln",
          city: "Capital City",
          postal_code: "12345",
          country: "US",
          kind: "shipping",
        }),
      }),
    );
    // Saved: the drawer closes.
    await waitFor(
      () => expect(screen.queryByText("Add customer address", { selector: ".ant-drawer-title" })).toBeNull(),
      slow,
    );
  });

  it("Edit opens the row's record in the drawer with the back-reference locked", async () => {
    const dataProvider = renderSection();
    const region = await section();
    await within(region).findByText("Warehouse", undefined, slow);
    fireEvent.click(await within(region).findByRole("button", { name: "Edit customer address 12" }, slow));
    const drawer = await screen.findByRole("dialog", undefined, slow);
    await waitFor(() => expect(within(drawer).getByLabelText("Nickname")).toHaveValue("Warehouse"), slow);
    expect(within(drawer).getByLabelText("Customer")).toBeDisabled();
    fireEvent.change(within(drawer).getByLabelText("Nickname"), { target: { value: "Dock" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled(), slow);
    expect(dataProvider.update).toHaveBeenCalledWith(
      expect.objectContaining({ resource: "CustomerAddress", id: "12", variables: { nickname: "Dock" } }),
    );
  });

  it("shows Add, Edit and Delete when the related kind allows them", async () => {
    renderSection();
    const region = await section();
    await within(region).findByText("Warehouse", undefined, slow);
    expect(
      await within(region).findByRole("button", { name: /Add customer address/ }, slow),
    ).toBeInTheDocument();
    expect(
      await within(region).findByRole("button", { name: "Edit customer address 11" }, slow),
    ).toBeInTheDocument();
    expect(
      await within(region).findByRole("button", { name: "Delete customer address 11" }, slow),
    ).toBeInTheDocument();
  });

  it("hides Add, Edit and Delete without the related kind's permissions, still listing the records", async () => {
    const asked: string[] = [];
    const can: Can = async ({ resource, action }) => {
      asked.push(`${resource}.${action}`);
      return { can: resource === "CustomerAddress" ? action === "list" : true };
    };
    renderSection(fakeDataProvider(rows), can);
    const region = await section();
    await within(region).findByText("Warehouse", undefined, slow);
    await waitFor(() => expect(asked).toContain("CustomerAddress.delete"), slow);
    expect(asked).toEqual(
      expect.arrayContaining(["CustomerAddress.create", "CustomerAddress.edit", "CustomerAddress.delete"]),
    );
    expect(within(region).queryByRole("button", { name: /Add customer address/ })).toBeNull();
    expect(within(region).queryByRole("button", { name: /Edit customer address/ })).toBeNull();
    expect(within(region).queryByRole("button", { name: /Delete customer address/ })).toBeNull();
  });

  it("is left out without the related kind's Read", async () => {
    const dataProvider = fakeDataProvider(rows);
    const asked = vi.fn();
    const can: Can = async ({ resource, action }) => {
      asked(`${resource}.${action}`);
      return { can: resource !== "CustomerAddress" };
    };
    renderSection(dataProvider, can);
    await waitFor(() => expect(asked).toHaveBeenCalledWith("CustomerAddress.list"), slow);
    // The denial has been answered and rendered: neither the section nor its request come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("region", { name: "Addresses" })).toBeNull();
    expect(dataProvider.getList).not.toHaveBeenCalled();
  });
});

describe("a customer's orders and payments", () => {
  const order = { id: 41, order_number: "ORD-000041", customer_id: 5, total: "120.00" };
  const payment = { id: 7, transaction_id: "TX-7777", customer_id: 5, order_id: 41, amount: "120.00" };
  const all = { ...rows, Order: [order], UserPayment: [payment] };

  afterEach(() => clear());

  it("lists the customer's orders and payments, each asked for by customer_id", async () => {
    const dataProvider = fakeDataProvider(all);
    renderWithProviders(<RelatedRecords resource={customers} record={customer} />, {
      path: "/customers/5",
      dataProvider,
    });
    const orders = await screen.findByRole("region", { name: "Orders" }, slow);
    expect(await within(orders).findByText("ORD-000041", undefined, slow)).toBeInTheDocument();
    const payments = await screen.findByRole("region", { name: "Payments" }, slow);
    expect(await within(payments).findByText("TX-7777", undefined, slow)).toBeInTheDocument();
    for (const resource of ["Order", "UserPayment"]) {
      expect(dataProvider.getList).toHaveBeenCalledWith(
        expect.objectContaining({ resource, filters: [{ field: "customer_id", operator: "eq", value: 5 }] }),
      );
    }
  });

  it("shows a section only to users who may read its kind", async () => {
    const dataProvider = fakeDataProvider(all);
    const asked = vi.fn();
    const can: Can = async ({ resource, action }) => {
      asked(`${resource}.${action}`);
      return { can: resource !== "UserPayment" };
    };
    renderWithProviders(<RelatedRecords resource={customers} record={customer} />, {
      path: "/customers/5",
      dataProvider,
      can,
    });
    expect(await screen.findByRole("region", { name: "Orders" }, slow)).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveBeenCalledWith("UserPayment.list"), slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("region", { name: "Payments" })).toBeNull();
    expect(dataProvider.getList).not.toHaveBeenCalledWith(
      expect.objectContaining({ resource: "UserPayment" }),
    );
  });
});
