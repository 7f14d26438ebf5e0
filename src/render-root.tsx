// Puts an app (the guest app or the full app, chosen by main.tsx) on the page. A chunk of its own, loaded after
// main's: React's DOM renderer is the largest library of any first load, and main.tsx must stay small enough to
// run before a pre-rendered page's first paint without holding it back. React only: antd's patch for React 19
// comes with the app (antd-react-19.ts).
import { type ComponentType, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";

/**
 * `hydrate`: the container holds the app's pre-rendered markup, which React takes over. As a transition, the
 * hydration yields to the browser every few milliseconds instead of holding the main thread in one long task.
 * Otherwise React empties the container on its first render: pre-rendered markup of another app goes.
 */
export function renderRoot<Props extends object>(
  container: HTMLElement,
  Component: ComponentType<Props>,
  props: Props,
  hydrate = false,
): void {
  const element = (
    <StrictMode>
      <Component {...props} />
    </StrictMode>
  );
  if (hydrate) startTransition(() => void hydrateRoot(container, element));
  else createRoot(container).render(element);
}
