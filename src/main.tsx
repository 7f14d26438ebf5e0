// Startup: check the configuration (spec §5); start the app only when it is complete.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { renderConfigErrorPage } from "./config/config-error-page";
import { loadConfig } from "./config/load-config";
import { installPreloadErrorHandler } from "./routing/browser-chunk-recovery";
import "./theme/breakpoints.css";

const root = document.getElementById("root");
if (!root) throw new Error('index.html has no <div id="root">');

const { errors } = loadConfig(import.meta.env);
if (errors.length > 0) {
  for (const error of errors) console.error(error);
  renderConfigErrorPage(root, errors);
} else {
  installPreloadErrorHandler();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
