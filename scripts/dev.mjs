// npm run dev: the API server in watch mode and Vite with hot reload, Vite proxying /api to the server.
import { spawn } from "node:child_process";
import { bin } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const port = process.env.PORT ?? "8080";
const children = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: port, STATIC_DIR: process.env.STATIC_DIR ?? "" },
  }),
  spawn(bin("vite"), [], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}` },
  }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 1;
  });
}
