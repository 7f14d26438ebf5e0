// npm start: build the app when it is missing or stale, then serve it with the reference server.
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { bin } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const code = await buildIfStale();
if (code !== 0) process.exit(code);

const server = spawn(bin("tsx"), ["server/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
