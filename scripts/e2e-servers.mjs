// The end-to-end run's servers, started side by side (playwright.config.ts gives this script their list in
// E2E_SERVERS: name, command, arguments, folder, environment, and the URL that answers once each is up). Playwright
// starts its webServer entries one after the other; the two seeding servers and the Auth emulator then took their
// three start-up times in a row on a machine with a core to spare. Prints "e2e servers ready" when every URL
// answers; on SIGTERM or SIGINT (Playwright's shutdown) stops them all and exits once they have.
import { spawn } from "node:child_process";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const children = servers.map(({ name, command, args, cwd, env, stdout }) => {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (chunk) =>
    String(chunk)
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => `[${name}] ${line}\n`)
      .join("");
  // A server's log (LOG_LEVEL=warn) stays out; its errors and the emulator's output, short, are shown.
  if (stdout) child.stdout.on("data", (chunk) => process.stdout.write(prefix(chunk)));
  else child.stdout.resume();
  child.stderr.on("data", (chunk) => process.stderr.write(prefix(chunk)));
  child.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return child;
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  // The emulator writes its state on SIGTERM; a server that does not stop in time is killed.
  const late = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  }, 10_000);
  await Promise.all(children.map((child) => child.exited));
  clearTimeout(late);
  process.exit(code);
}
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

// One that exits before the run is over takes the others down with it (Playwright then reports the failed start).
for (const [i, child] of children.entries()) {
  void child.exited.then((code) => {
    if (stopping) return;
    console.error(`[${servers[i].name}] exited (${code}) before the run was over`);
    void stop(1);
  });
}

const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

async function answers({ name, url }) {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return console.log(`[${name}] up in ${since()}`);
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await Promise.all(servers.map(answers));
console.log(`e2e servers ready in ${since()}`);
