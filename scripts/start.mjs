// npm start: build the app when it is missing or stale, bundle the reference server, then serve the app with it.
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from "./build-server.mjs";

const root = new URL("..", import.meta.url).pathname;
const code = (await buildIfStale()) || (await buildServer());
if (code !== 0) process.exit(code);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (exitCode, signal) => process.exit(exitCode ?? (signal ? 1 : 0)));
