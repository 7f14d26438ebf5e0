// The list's date range filter loads its picker only when wanted (deferred-date-range.tsx): a stand-in until a
// person points at it, focuses it or clicks it, or a value is already in the filter.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DeferredDateRange } from "../../../src/pages/resource/deferred-date-range";

const picker = () => document.querySelector(".ant-picker-range");

describe("the deferred date range filter", () => {
  it("shows a labelled stand-in and no picker until it is reached", () => {
    render(
      <DeferredDateRange label="Due" withTime={false} from={undefined} to={undefined} onCommit={vi.fn()} />,
    );
    const standIn = screen.getByRole("textbox", { name: "Due" });
    expect(standIn).toHaveAttribute("readonly");
    expect(standIn).toHaveAttribute("placeholder", "Due from → to");
    expect(picker()).toBeNull();
  });

  it("replaces the stand-in by the picker, focused, when it is tabbed into", async () => {
    render(
      <DeferredDateRange label="Due" withTime={false} from={undefined} to={undefined} onCommit={vi.fn()} />,
    );
    act(() => screen.getByRole("textbox", { name: "Due" }).focus());
    const start = await screen.findByPlaceholderText("Due from");
    expect(picker()).not.toBeNull();
    await waitFor(() => expect(start).toHaveFocus());
  });

  it("shows a range already in the filter, and commits the days picked after a click", async () => {
    const onCommit = vi.fn();
    const { rerender } = render(
      <DeferredDateRange label="Due" withTime={false} from="2026-11-02" to={undefined} onCommit={onCommit} />,
    );
    expect(await screen.findByDisplayValue("2026-11-02")).toBeInTheDocument();
    rerender(
      <DeferredDateRange label="Due" withTime={false} from={undefined} to={undefined} onCommit={onCommit} />,
    );
    fireEvent.mouseDown(await screen.findByPlaceholderText("Due from"));
    fireEvent.click(await screen.findByPlaceholderText("Due from"));
    fireEvent.click((await screen.findAllByTitle(/^\d{4}-\d{2}-10$/))[0] as HTMLElement);
    fireEvent.click(screen.getAllByTitle(/^\d{4}-\d{2}-12$/)[0] as HTMLElement);
    await waitFor(() => expect(onCommit).toHaveBeenCalled());
    const [from, to] = onCommit.mock.calls.at(-1) as [string, string];
    expect(from).toMatch(/^\d{4}-\d{2}-10$/);
    expect(to).toMatch(/^\d{4}-\d{2}-12$/);
  });

  it("opens the calendar when the stand-in itself is clicked", async () => {
    render(
      <DeferredDateRange label="Due" withTime={false} from={undefined} to={undefined} onCommit={vi.fn()} />,
    );
    fireEvent.mouseDown(screen.getByRole("textbox", { name: "Due" }));
    await screen.findByPlaceholderText("Due from");
    await waitFor(() => expect(document.querySelector(".ant-picker-dropdown")).not.toBeNull());
  });
});
