// Firebase Storage in the end-to-end run (tests/e2e/file-storage.spec.ts): tests/storage-local.mjs answers Storage's
// REST requests locally (the Storage emulator cannot run here), and a server of its own keeps order files there
// (FILE_STORAGE=firebase). scripts/e2e.mjs sets the two ports when that flow runs.
const storagePort = Number(process.env.E2E_STORAGE_PORT ?? 0);
const serverPort = Number(process.env.E2E_STORAGE_SERVER_PORT ?? 0);

export const STORAGE_E2E = {
  running: storagePort > 0 && serverPort > 0,
  storagePort,
  storageHost: `127.0.0.1:${storagePort}`,
  serverPort,
  baseUrl: `http://127.0.0.1:${serverPort}`,
  buckets: { shop: "demo-pressroom-shop-files", proofs: "demo-pressroom-customer-proofs" },
};
