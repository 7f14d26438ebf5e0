// What a request costs on this machine at this moment, as a yardstick for the API's figures: a bare Node HTTP
// server answering a fixed 24-byte JSON body, at the same 20 connections. On a shared or busy machine every CPU
// figure grows alike; the API's cost in these units moves much less than its milliseconds do.
import { spawn } from "node:child_process";
import { cpuMsOf } from "./cpu";
import { tools } from "./tools";

const SERVER = `require("node:http").createServer((q, s) => { s.setHeader("content-type", "application/json");
  s.end('{"data":{"status":"ok"}}'); }).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;

export interface Calibration {
  requestsPerSecond: number;
  cpuMs: number;
}

export async function bareNodeAnswer(seconds: number): Promise<Calibration> {
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child.once("exit", () => reject(new Error("the bare Node server exited")));
    });
    const { autocannon } = await tools();
    const url = `http://127.0.0.1:${port}`;
    await autocannon({ url, connections: 20, duration: 1 });
    const before = cpuMsOf(child.pid as number);
    const result = await autocannon({ url, connections: 20, duration: seconds });
    const cpuMs = (cpuMsOf(child.pid as number) - before) / Math.max(1, result.requests.total);
    return { requestsPerSecond: Math.round(result.requests.average), cpuMs: Math.round(cpuMs * 1000) / 1000 };
  } finally {
    child.kill();
  }
}
