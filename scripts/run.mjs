// Runs a command with inherited stdio and resolves with its exit code.
import { spawn } from "node:child_process";

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
