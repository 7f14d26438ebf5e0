import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { expect, it, vi } from "vitest";
import { getMessages, push } from "../../../src/providers/feedback-store";
import { CHUNK_FAILURE_MESSAGE } from "../../../src/routing/chunk-recovery";
import { lazyPage } from "../../../src/routing/lazy-page";
import { RouteErrorBoundary } from "../../../src/routing/route-error-boundary";

function renderLazy(
  load: () => Promise<{ default: () => React.JSX.Element } | undefined>,
  outcome: "reloading" | "failed",
) {
  const handleFailure = vi.fn(() => outcome);
  const Page = lazyPage(load);
  render(
    <MemoryRouter>
      <RouteErrorBoundary recovery={{ handleFailure }}>
        <Suspense fallback={<p>loading page</p>}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
  return handleFailure;
}

it("renders a lazily loaded page", async () => {
  renderLazy(async () => ({ default: () => <p>the page</p> }), "reloading");
  expect(await screen.findByText("the page")).toBeInTheDocument();
});

it("a chunk that fails to load: recovery decides, a spinner while the reload is on its way", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const handleFailure = renderLazy(
    () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    "reloading",
  );
  await vi.waitFor(() => expect(handleFailure).toHaveBeenCalledTimes(1));
  expect(screen.getByLabelText("Loading")).toBeInTheDocument();
  expect(screen.queryByText(CHUNK_FAILURE_MESSAGE)).not.toBeInTheDocument();
});

it("a second failure shows the message and a reload button, never a blank screen", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  // What the vite:preloadError handler raised when it gave up: the page's message replaces it.
  push({ text: CHUNK_FAILURE_MESSAGE, type: "error", persistent: true });
  // After vite:preloadError was prevented, Vite's import resolves with undefined.
  renderLazy(async () => undefined, "failed");
  expect(await screen.findByText(CHUNK_FAILURE_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
  expect(getMessages()).toEqual([]);
});

it("any other render error shows a generic error, not the chunk message", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const handleFailure = renderLazy(
    async () => ({
      default: () => {
        throw new Error("bug");
      },
    }),
    "failed",
  );
  expect(await screen.findByText("Something went wrong! Please try again.")).toBeInTheDocument();
  expect(handleFailure).not.toHaveBeenCalled();
});
