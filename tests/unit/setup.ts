// Vitest setup for the app's unit tests (jsdom): jest-dom matchers and the browser APIs
// antd needs that jsdom lacks.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { clear as clearFeedback } from "../../src/providers/feedback-store";

// Files share one module graph (vitest.config.ts): no message outlives its test, and none a
// late promise of an earlier file pushes (a lazy page failing after its render was cleaned up)
// reaches the next.
beforeEach(() => clearFeedback());
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

// antd measures scrollbars through getComputedStyle with a pseudo-element, which jsdom does not implement.
// jsdom computes a style by matching the element against every rule of every sheet, and antd injects hundreds;
// Testing Library's role queries ask for each element and each of its ancestors (is it hidden?), which was a
// third of a page test's time. The answers are kept until the document changes: the observer's records are
// taken synchronously at each call, so no answer outlives a change of the DOM, a class, an inline style or a
// style sheet's text.
const { getComputedStyle } = window;
const computed = new WeakMap<Element, CSSStyleDeclaration>();
let answers = computed;
const changes = new MutationObserver(() => {});
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) answers = new WeakMap();
  let style = answers.get(element);
  if (!style) {
    style = getComputedStyle(element);
    answers.set(element, style);
  }
  return style;
};
