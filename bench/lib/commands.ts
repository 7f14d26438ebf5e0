// Runs a command in the repository with the output shown; resolves with its exit code and how long it took.
import { spawn } from "node:child_process";
import { ROOT } from "./server";

export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return timedCommand(command, args, env).then((result) => result.code);
}

export function timedCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    const done = (code: number) => resolve({ code, seconds: (Date.now() - started) / 1000 });
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      done(1);
    });
  });
}
