// Runs a command and resolves with its exit code. Its output goes to ours, or into `output` (an array of chunks)
// when one is given.
import { spawn } from "node:child_process";

export function run(command, args, { output, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: output ? ["ignore", "pipe", "pipe"] : "inherit",
      ...options,
    });
    if (output)
      for (const stream of [child.stdout, child.stderr])
        stream.on("data", (chunk) => output.push(String(chunk)));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
