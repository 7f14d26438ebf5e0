// Startup: check the configuration (spec §5); start an app only when it is complete. Which app depends on the
// page: the lean guest app for the sign-in pages of a visitor without a session, the full app otherwise
// (routing/start-choice.ts). Each is a chunk of its own, so /login never loads Refine or the declarations.
import "@ant-design/v5-patch-for-react-19";
import { type ReactElement, StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderConfigErrorPage } from "./config/config-error-page";
import { loadConfig } from "./config/load-config";
import { prerenderedUrl } from "./prerender/prerendered-markup";
import { getSessionToken } from "./providers/session";
import { chunkRecovery, installPreloadErrorHandler } from "./routing/browser-chunk-recovery";
import { chooseStart } from "./routing/start-choice";
import { renderStartFailurePage } from "./routing/start-failure-page";
import "./theme/breakpoints.css";

const root = document.getElementById("root");
if (!root) throw new Error('index.html has no <div id="root">');

interface LoadedApp {
  element: ReactElement;
  /** The guest app on its own page's pre-rendered markup (the server sends /login etc. pre-rendered): React
   * takes the markup over. Otherwise any markup there is replaced, e.g. by the full app of a signed-in visitor. */
  hydrate: boolean;
}

/** The chosen app; undefined when its code could not be loaded. */
async function loadApp(container: HTMLElement): Promise<LoadedApp | undefined> {
  const { pathname, search } = window.location;
  const choice = chooseStart(pathname, search, getSessionToken() !== undefined);
  if (choice.app === "full") {
    const App = (await import("./App"))?.App;
    return App && { element: <App />, hydrate: false };
  }
  // Same as the full app's redirect to /login: the visited URL is replaced, not kept in the history.
  if (choice.url) window.history.replaceState(null, "", choice.url);
  const GuestApp = (await import("./guest/guest-app"))?.GuestApp;
  const serverUrl = choice.url ? undefined : prerenderedUrl(container, pathname);
  return GuestApp && { element: <GuestApp serverUrl={serverUrl} />, hydrate: serverUrl !== undefined };
}

async function start(container: HTMLElement): Promise<void> {
  let app: LoadedApp | undefined;
  try {
    app = await loadApp(container);
  } catch (error) {
    console.error(error);
  }
  // A failed load (after a deploy, or offline): reload once, then say so (the handler of vite:preloadError
  // may already have started the reload, which makes the import resolve with nothing).
  if (!app) {
    if (chunkRecovery.handleFailure() === "failed") renderStartFailurePage(container);
    return;
  }
  const element = <StrictMode>{app.element}</StrictMode>;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // in one long task: the page is painted and readable meanwhile.
  if (app.hydrate) startTransition(() => void hydrateRoot(container, element));
  // On a first render React empties the container: pre-rendered markup of another app goes.
  else createRoot(container).render(element);
}

const { errors } = loadConfig(import.meta.env);
if (errors.length > 0) {
  for (const error of errors) console.error(error);
  renderConfigErrorPage(root, errors);
} else {
  installPreloadErrorHandler();
  void start(root);
}
