// The build-time render of one guest page (prerender-entry.ts, bundled for Node by the build): its markup,
// and the antd styles it uses, collected from a CSS-in-JS cache of its own, less the rules of the variants it
// never uses (prune-styles.ts). The tree is the one main.tsx hydrates (StrictMode around GuestApp; StyleProvider
// adds no markup), so the two agree.
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { GuestApp } from "../guest/guest-app";
import type { RenderedPage } from "./prerendered-html";
import { pruneUnusedStyles } from "./prune-styles";

export function renderGuestPage(url: string, mode: string): RenderedPage {
  const cache = createCache();
  const markup = renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <GuestApp mode={mode} serverUrl={url} />
      </StyleProvider>
    </StrictMode>,
  );
  return { url, markup, styles: pruneUnusedStyles(extractStyle(cache)) };
}
