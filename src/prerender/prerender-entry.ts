// What the build's prerender step (scripts/prerender-guest-pages.mjs) runs, bundled for Node with the app's
// mode and environment: every pre-rendered page's file name and HTML. Nothing when the configuration is
// incomplete: that build's app only shows the configuration error page.
import { type Env, loadConfig } from "../config/load-config";
import { renderAppStyles } from "./app-styles";
import { composePrerenderedPage } from "./prerendered-html";
import { PRERENDER_URLS, PRERENDERED_PATHS, prerenderedFile } from "./prerendered-pages";
import { renderGuestPage } from "./render-guest-page";

export interface PrerenderedFile {
  file: string;
  html: string;
}

export function prerenderPages(
  indexHtml: string,
  env: Env,
  stylesheetText: (href: string) => string | undefined,
): PrerenderedFile[] | undefined {
  const { config } = loadConfig(env);
  if (!config) return undefined;
  return PRERENDERED_PATHS.map((path) => ({
    file: prerenderedFile(path),
    html: composePrerenderedPage(
      indexHtml,
      renderGuestPage(PRERENDER_URLS[path], config.mode),
      stylesheetText,
    ),
  }));
}

/** The full app's build-time antd stylesheet (app-styles.tsx) for the configured mode; nothing without a configuration. */
export function appStylesheet(env: Env): string | undefined {
  const { config } = loadConfig(env);
  return config ? renderAppStyles(config.mode) : undefined;
}
