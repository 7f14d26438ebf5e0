// Vitest setup for the app's unit tests (jsdom): jest-dom matchers and the browser APIs
// antd needs that jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { clear as clearFeedback } from "../../src/providers/feedback-store";
// tests/unit/page-load-double.ts here (vitest.config.ts).
import { assignPage, replacePage } from "../../src/routing/page-load";
// Once per worker (a module, unlike this file, is not run again for each test file of a shared worker).
import "./jsdom-styles";

// findBy… and waitFor give a page 5 s (Testing Library's default is 1 s): on a CI machine busy with the type check
// and the server tests, a lazy page's first render took longer than that, and a wait that fails there says nothing.
configure({ asyncUtilTimeout: 5_000 });

// Files share one module graph (vitest.config.ts): no message outlives its test, and none a
// late promise of an earlier file pushes (a lazy page failing after its render was cleaned up)
// reaches the next.
beforeEach(() => {
  clearFeedback();
  // The page-load spies are one pair for the whole worker: each test starts with none of their calls.
  vi.mocked(assignPage).mockReset();
  vi.mocked(replacePage).mockReset();
});
afterEach(() => {
  cleanup();
  clearFeedback();
});

// antd's responsive grid and breakpoint hooks read matchMedia; no query matches by default.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's overflow-aware components (Menu, Tabs, Table) observe their size.
if (!("ResizeObserver" in window)) {
  class ResizeObserverMock {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", {
    writable: true,
    configurable: true,
    value: ResizeObserverMock,
  });
  Object.defineProperty(globalThis, "ResizeObserver", {
    writable: true,
    configurable: true,
    value: ResizeObserverMock,
  });
}
