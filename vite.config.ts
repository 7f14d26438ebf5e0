import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server the dev server proxies to (npm run dev starts both).
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": apiTarget } },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 1500 },
});
