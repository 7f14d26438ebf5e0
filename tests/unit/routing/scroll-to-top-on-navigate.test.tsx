import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { ScrollToTopOnNavigate } from "../../../src/routing/scroll-to-top-on-navigate";

afterEach(() => {
  vi.restoreAllMocks();
});

it("scrolls to the top when the path changes, not when only the query does", async () => {
  vi.spyOn(window, "matchMedia").mockReturnValue({ matches: true } as MediaQueryList); // reduced motion: instant
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  Object.defineProperty(window, "scrollY", { configurable: true, value: 500 });
  const router = createMemoryRouter([{ path: "*", element: <ScrollToTopOnNavigate /> }], {
    initialEntries: ["/orders"],
  });
  render(<RouterProvider router={router} />);
  scrollTo.mockClear();
  await act(() => router.navigate("/orders?page=2"));
  expect(scrollTo).not.toHaveBeenCalled();
  await act(() => router.navigate("/vendors"));
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
});
