// What list cells read besides their record: the query their links keep (held while the next rows load) and
// the light in-app link of the rows.
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  ListCells,
  type ListCellsValue,
  RowLink,
  useListCells,
} from "../../../src/pages/resource/list-cells";
import type { RowPermissions } from "../../../src/pages/resource/row-actions";

const allowed: RowPermissions = {
  show: true,
  edit: true,
  delete: true,
  remove: vi.fn(),
  removing: undefined,
};

describe("useListCells", () => {
  it("keeps the query the rows were fetched for until the next rows have come", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={["/vendors?currentPage=1"]}>{children}</MemoryRouter>
    );
    const { result, rerender } = renderHook(
      ({ fetching }: { fetching: boolean }) => ({
        cells: useListCells({}, allowed, fetching),
        navigate: useNavigate(),
      }),
      { wrapper, initialProps: { fetching: false } },
    );
    expect(result.current.cells.row.search).toBe("?currentPage=1");
    rerender({ fetching: true });
    act(() => result.current.navigate("/vendors?currentPage=2"));
    expect(result.current.cells.row.search).toBe("?currentPage=1");
    const before = result.current.cells.row;
    rerender({ fetching: true });
    // Nothing the rows read has changed: their cells are not rendered again.
    expect(result.current.cells.row).toBe(before);
    rerender({ fetching: false });
    expect(result.current.cells.row.search).toBe("?currentPage=2");
  });
});

describe("RowLink", () => {
  function renderLink() {
    const navigate = vi.fn();
    const value: ListCellsValue = { references: {}, row: { search: "", allowed, navigate } };
    render(
      <ListCells value={value}>
        <RowLink to={{ pathname: "/vendors/1", search: "?currentPage=2" }} aria-label="Show vendor 1">
          Acme
        </RowLink>
      </ListCells>,
    );
    return { navigate, link: screen.getByRole("link", { name: "Show vendor 1" }) };
  }

  it("is a link to the path with its query, followed in the app on a plain click", () => {
    const { navigate, link } = renderLink();
    expect(link).toHaveAttribute("href", "/vendors/1?currentPage=2");
    const followed = fireEvent.click(link);
    expect(followed).toBe(false);
    expect(navigate).toHaveBeenCalledWith({ pathname: "/vendors/1", search: "?currentPage=2" });
  });

  it("leaves a click with a modifier (a new tab or window) to the browser", () => {
    const { navigate, link } = renderLink();
    for (const modifier of ["ctrlKey", "metaKey", "shiftKey", "altKey"])
      expect(fireEvent.click(link, { [modifier]: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("needs ListCells around it", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<RowLink to="/vendors/1">Acme</RowLink>)).toThrow(/ListCells/);
    vi.mocked(console.error).mockRestore();
  });
});
