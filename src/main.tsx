// Startup: check the configuration (spec §5); start an app only when it is complete. Which app depends on the
// page: the lean guest app for the sign-in pages of a visitor without a session, the full app otherwise
// (routing/start-choice.ts). Each is a chunk of its own, so /login never loads Refine or the declarations.
// This module imports nothing heavy (no React DOM, no antd): on a pre-rendered sign-in page it is the only
// script before the first paint; the app and the renderer (render-root.tsx) are loaded after it.
import { renderConfigErrorPage } from "./config/config-error-page";
import { loadConfig } from "./config/load-config";
import { afterFirstPaint } from "./prerender/after-first-paint";
import { dropPrerenderedStyleKey, prerenderedUrl } from "./prerender/prerendered-markup";
import { getSessionToken } from "./providers/session";
import { chunkRecovery, installPreloadErrorHandler } from "./routing/browser-chunk-recovery";
import { chooseStart } from "./routing/start-choice";
import { renderStartFailurePage } from "./routing/start-failure-page";
import "./theme/breakpoints.css";
import "./theme/focus.css";
import "./theme/visually-hidden.css";

const root = document.getElementById("root");
if (!root) throw new Error('index.html has no <div id="root">');

type Mount = () => void;

/** The chosen app, ready to mount; undefined when its code could not be loaded. */
async function loadApp(container: HTMLElement): Promise<Mount | undefined> {
  const { pathname, search } = window.location;
  const choice = chooseStart(pathname, search, getSessionToken() !== undefined);
  if (choice.app === "full") {
    dropPrerenderedStyleKey();
    // antd's renderer for React 19 (antd-react-19.ts) in place before the full app's first render.
    const [renderer, app, patch] = await Promise.all([
      import("./render-root"),
      import("./App"),
      import("./antd-react-19"),
    ]);
    const App = app?.App;
    return renderer && patch && App && (() => renderer.renderRoot(container, App, {}));
  }
  // Same as the full app's redirect to /login: the visited URL is replaced, not kept in the history.
  if (choice.url) window.history.replaceState(null, "", choice.url);
  const serverUrl = choice.url ? undefined : prerenderedUrl(container, pathname);
  // The guest app on its own page's pre-rendered markup (the server sends /login etc. pre-rendered) takes the
  // markup over: it is painted first (after-first-paint.ts).
  const hydrate = serverUrl !== undefined;
  if (hydrate) await afterFirstPaint();
  else dropPrerenderedStyleKey();
  // Two chunks, React's renderer and antd with the guest app, which the browser runs as each arrives.
  const [renderer, guest] = await Promise.all([import("./render-root"), import("./guest/guest-app")]);
  const GuestApp = renderer && guest?.GuestApp;
  return (
    GuestApp &&
    (() => {
      renderer.renderRoot(container, GuestApp, { serverUrl }, hydrate);
      // Only a click's wave needs it on the sign-in pages, and the fields wait for the hydration: the render
      // does not wait for it.
      import("./antd-react-19").catch((error: unknown) => console.error(error));
    })
  );
}

async function start(container: HTMLElement): Promise<void> {
  let mount: Mount | undefined;
  try {
    mount = await loadApp(container);
  } catch (error) {
    console.error(error);
  }
  // A failed load (after a deploy, or offline): reload once, then say so (the handler of vite:preloadError
  // may already have started the reload, which makes the import resolve with nothing).
  if (!mount) {
    if (chunkRecovery.handleFailure() === "failed") renderStartFailurePage(container);
    return;
  }
  // The browser has just run the app's modules: the first render starts in a task of its own.
  await new Promise((resolve) => setTimeout(resolve, 0));
  mount();
}

const { errors } = loadConfig(import.meta.env);
if (errors.length > 0) {
  for (const error of errors) console.error(error);
  renderConfigErrorPage(root, errors);
} else {
  installPreloadErrorHandler();
  void start(root);
}
