// Debian's Chromium and the flags every browser run here uses (the e2e tests, the benchmark, the
// reliability suite): no sandbox as root, and none of the background traffic this offline machine cannot serve.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
