// Startup: check the configuration (spec §5); start an app only when it is complete. Which app depends on the
// page: the lean guest app for the sign-in pages of a visitor without a session, the full app otherwise
// (routing/start-choice.ts). Each is a chunk of its own, so /login never loads Refine or the declarations.
import "@ant-design/v5-patch-for-react-19";
import { type ComponentType, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { renderConfigErrorPage } from "./config/config-error-page";
import { loadConfig } from "./config/load-config";
import { getSessionToken } from "./providers/session";
import { chunkRecovery, installPreloadErrorHandler } from "./routing/browser-chunk-recovery";
import { chooseStart } from "./routing/start-choice";
import { renderStartFailurePage } from "./routing/start-failure-page";
import "./theme/breakpoints.css";

const root = document.getElementById("root");
if (!root) throw new Error('index.html has no <div id="root">');

/** The chosen app's root component; undefined when its code could not be loaded. */
async function loadApp(): Promise<ComponentType | undefined> {
  const { pathname, search } = window.location;
  const choice = chooseStart(pathname, search, getSessionToken() !== undefined);
  if (choice.app === "full") return (await import("./App"))?.App;
  // Same as the full app's redirect to /login: the visited URL is replaced, not kept in the history.
  if (choice.url) window.history.replaceState(null, "", choice.url);
  return (await import("./guest/guest-app"))?.GuestApp;
}

async function start(container: HTMLElement): Promise<void> {
  let App: ComponentType | undefined;
  try {
    App = await loadApp();
  } catch (error) {
    console.error(error);
  }
  // A failed load (after a deploy, or offline): reload once, then say so (the handler of vite:preloadError
  // may already have started the reload, which makes the import resolve with nothing).
  if (!App) {
    if (chunkRecovery.handleFailure() === "failed") renderStartFailurePage(container);
    return;
  }
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const { errors } = loadConfig(import.meta.env);
if (errors.length > 0) {
  for (const error of errors) console.error(error);
  renderConfigErrorPage(root, errors);
} else {
  installPreloadErrorHandler();
  void start(root);
}
