// A minimal client of Node's inspector (the Chrome DevTools Protocol over a WebSocket), for the
// load phase to force a full garbage collection in the server and read what it then keeps: a
// server's RSS between collections is a sawtooth whose period can outlast a 20 s window, so only
// memory measured right after a full collection says whether something is kept for good.
// Needs the global WebSocket (Node 22, or Node 20 with --experimental-websocket).

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export class Inspector {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const reply = JSON.parse(String(event.data)) as Reply;
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!waiting || reply.id === undefined) return; // an event, not an answer
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(new Error(reply.error.message));
      else waiting.resolve(reply.result);
    });
    socket.addEventListener("close", () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error("the inspector closed"));
      this.pending.clear();
    });
  }

  /** Connects to the URL a server started with --inspect printed ("Debugger listening on ws://…"). */
  static async connect(url: string): Promise<Inspector> {
    if (typeof WebSocket === "undefined")
      throw new Error("no global WebSocket: run Node 22, or Node 20 with --experimental-websocket");
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`cannot reach the inspector at ${url}`)), {
        once: true,
      });
    });
    return new Inspector(socket);
  }

  call<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** A full collection, then the server's own process.memoryUsage(). */
  async collectAndMeasure(): Promise<NodeJS.MemoryUsage> {
    await this.call("HeapProfiler.collectGarbage");
    const answer = await this.call<{ result: { value: string } }>("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    return JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
  }

  close(): void {
    this.socket.close();
  }
}

/** The inspector URL in a server's output (it printed it on start, when run with --inspect). */
export function inspectorUrl(output: string): string {
  const match = /Debugger listening on (ws:\/\/\S+)/.exec(output);
  if (!match) throw new Error(`the server printed no inspector URL:\n${output.slice(0, 2000)}`);
  return match[1];
}
