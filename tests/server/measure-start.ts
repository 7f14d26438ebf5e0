// Start-up time of the real server: spawn → first healthy /api/v1/health, on an
// empty data folder (initdb, migrations, seed) and on a seeded one.
// Run: node --import tsx tests/server/measure-start.ts [rounds]
import { rmSync } from "node:fs";
import { buildServer } from "../../scripts/build-server.mjs";
import { spawnServer, tempDir, waitForHealth } from "./helpers";

async function startOnce(dataDir: string): Promise<number> {
  const began = performance.now();
  // PORT=0: the listening line tells the port; health is then polled until it answers.
  const server = spawnServer({ DATA_DIR: dataDir, STATIC_DIR: `${dataDir}/no-app` });
  await waitForHealth(await server.ready, 120_000, 10);
  const ms = performance.now() - began;
  server.child.kill("SIGTERM");
  if ((await server.exited) !== 0) throw new Error(`unclean exit:\n${server.output()}`);
  return ms;
}

if ((await buildServer()) !== 0) throw new Error("the server could not be bundled");
const rounds = Number(process.argv[2] ?? 3);
const empty: number[] = [];
const seeded: number[] = [];
for (let i = 0; i < rounds; i++) {
  const dir = tempDir("measure");
  try {
    empty.push(await startOnce(dir));
    seeded.push(await startOnce(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const fmt = (xs: number[]) =>
  `${xs.map((x) => Math.round(x)).join(", ")} ms (median ${Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)])} ms)`;
console.log(`empty data folder:  ${fmt(empty)}`);
console.log(`seeded data folder: ${fmt(seeded)}`);
