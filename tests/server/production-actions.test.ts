import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type Api,
  api,
  type Json,
  makeInventory,
  makeOrder,
  type Saved,
  status,
  unique,
} from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 18, station dashboards: the operator actions on a run (claim, start, pause, hold,
// release, complete) checked against the run statuses' next_status_ids with a 409 naming both,
// the double claim, Run Tasks / UpdateEndStatus, tenant isolation, and the board's cards.

type Res = { statusCode: number; json(): unknown; body: string };

describeEachStore("station dashboard actions (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let csr: Api;
  let other: Api;
  let stock: Saved;
  let station: Saved;
  const st: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    stock = await makeInventory(admin, "100# Gloss Cover 19×25 (board)", 10_000);
    for (const code of ["filling", "plated", "printing", "paused", "held", "printed", "closed"]) {
      st[code] = (await status(admin, "run", code)).id;
    }
    const stations = (await admin.call("GET", "production-stations?limit=100")).json() as { data: Saved[] };
    station = stations.data.find((s) => s.code === "OP1") as Saved;
  });
  afterAll(() => t?.dispose());

  const act = (a: Api, id: number, action: string, body: Json = {}) =>
    a.call("POST", `runs/${id}/actions/${action}`, body);
  const refused = (res: Res, code: number, message: string) => {
    expect(res.statusCode, res.body).toBe(code);
    expect((res.json() as { message: string }).message).toBe(message);
  };
  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Saved }).data;
  };

  /** A run on OP1 with one item of 500 (10 up: 50 sheets), in `code`, via the allowed moves. */
  async function runIn(code: string, order: Json = {}, due = "2026-12-01T17:00:00.000Z"): Promise<Saved> {
    const o = await makeOrder(
      admin,
      [{ stock_id: stock.id, color_spec: "4/4", coating: "uv", quantity: 500 }],
      order,
    );
    const [item] = (await admin.get("orders", o.id)).items as Saved[];
    const run = await admin.create("runs", {
      run_number: unique("R-"),
      stock_id: stock.id,
      color_spec: "4/4",
      coating: "uv",
      station_id: station.id,
      status_id: st.filling,
      items: [
        {
          order_id: o.id,
          order_item_id: item.id,
          slot: 1,
          number_up: 10,
          quantity_required: 500,
          due_at: due,
        },
      ],
    });
    const path: Record<string, string[]> = {
      filling: [],
      plated: ["ready_to_impose", "imposed", "plated"],
    };
    for (const next of path[code] ?? []) {
      await admin.update("runs", run.id, { status_id: (await status(admin, "run", next)).id });
    }
    return admin.get("runs", run.id);
  }

  it("claims a run for its operator; a second operator is refused with the holder's name", async () => {
    const run = await runIn("plated");
    const claimed = ok(await act(press, run.id, "claim", { version: run.version }));
    expect(typeof claimed.operator_id).toBe("number");
    expect(claimed.status_id).toBe(st.plated);
    refused(
      await act(admin, run.id, "claim"),
      409,
      `Run ${run.run_number} is claimed by Pat Pressman: only Pat Pressman can claim it`,
    );
    // Claiming one's own run again changes nothing.
    expect(ok(await act(press, run.id, "claim")).version).toBe(claimed.version);
  });

  it("lets one of two simultaneous claims win (row lock), the other gets 409", async () => {
    const run = await runIn("plated");
    const answers = await Promise.all([act(press, run.id, "claim"), act(admin, run.id, "claim")]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409) as Res;
    expect((loser.json() as { message: string }).message).toMatch(
      new RegExp(`^Run ${run.run_number} is claimed by (Pat Pressman|Avery Admin)`),
    );
  });

  it("refuses a stale version", async () => {
    const run = await runIn("plated");
    refused(
      await act(press, run.id, "claim", { version: run.version + 5 }),
      409,
      "This run was changed by someone else since you opened it. Reload it to see their changes.",
    );
  });

  it("starts, pauses with a reason, holds, releases and completes, each move checked", async () => {
    const early = await runIn("filling");
    refused(await act(press, early.id, "start"), 409, "A run cannot go from Filling to Printing");

    const run = await runIn("plated");
    const started = ok(await act(press, run.id, "start"));
    expect(started.status_id).toBe(st.printing);
    refused(await act(press, run.id, "start"), 409, `Run ${run.run_number} is already Printing`);

    const noReason = await act(press, run.id, "pause");
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain("Say why the run is put on pause");
    expect(ok(await act(press, run.id, "pause", { reason: "Blanket wash" })).status_id).toBe(st.paused);

    refused(
      await act(press, run.id, "release"),
      409,
      `Run ${run.run_number} is Paused, not held: there is nothing to release`,
    );
    expect(ok(await act(press, run.id, "hold", { reason: "Plate scratched" })).status_id).toBe(st.held);
    // Held → Printed is no move the Held status allows.
    refused(
      await act(press, run.id, "complete", { good_quantity: 500, waste: 0 }),
      409,
      "A run cannot go from Held to Printed",
    );
    expect(ok(await act(press, run.id, "release")).status_id).toBe(st.paused);
    expect(ok(await act(press, run.id, "start")).status_id).toBe(st.printing);

    const before = await admin.get("inventories", stock.id);
    const done = ok(await act(press, run.id, "complete", { good_quantity: 480, waste: 20 }));
    // The press's output status (printed); printing consumed its 50 sheets (500 ÷ 10 up, no
    // overs), in the same write.
    expect(done.status_id).toBe(st.printed);
    expect(done.printed_at).not.toBeNull();
    const after = await admin.get("inventories", stock.id);
    expect(Number(before.on_hand) - Number(after.on_hand)).toBe(50);

    const logs = (await admin.call("GET", `runs/${run.id}/change-logs?limit=50`)).json() as {
      data: { user: { name: string } | null; changes: Record<string, { to: unknown }> }[];
    };
    const withReason = logs.data.find((l) => l.changes.reason?.to === "Plate scratched");
    expect(withReason?.user?.name).toBe("Pat Pressman");
    expect(withReason?.changes.status_id?.to).toBe(st.held);
    const completed = logs.data.find((l) => l.changes.action?.to === "complete");
    expect(completed?.changes.good_quantity?.to).toBe(480);
    expect(completed?.changes.waste?.to).toBe(20);
  });

  it("gates the actions: Run Tasks for each, UpdateEndStatus for completing", async () => {
    const run = await runIn("plated");
    expect((await act(csr, run.id, "claim")).statusCode).toBe(403);
    ok(await act(press, run.id, "start"));
    const roles = (await admin.call("GET", "roles?limit=100")).json() as { data: Saved[] };
    const role = roles.data.find((r) => r.name === "Press room") as Saved;
    const permissions = role.permissions as Record<string, string[]>;
    const set = async (run: string[]) => {
      const { version } = (await admin.call("GET", `roles/${role.id}`)).json().data as Saved;
      const res = await admin.call("PATCH", `roles/${role.id}`, {
        permissions: { ...permissions, Run: run },
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await set(["Read", "Update", "Tasks"]);
    try {
      expect((await act(press, run.id, "complete", { good_quantity: 500, waste: 3 })).statusCode).toBe(403);
      expect(ok(await act(press, run.id, "pause", { reason: "Break" })).status_id).toBe(st.paused);
    } finally {
      await set(permissions.Run);
    }
  });

  it("keeps tenants apart", async () => {
    const run = await runIn("plated");
    expect((await act(other, run.id, "claim")).statusCode).toBe(404);
    const board = (await other.call("GET", "production/boards/press")).json().data as { cards: Saved[] };
    expect(board.cards.some((c) => c.run_number === run.run_number)).toBe(false);
  });

  it("answers a board's cards, rush first then by due time, with its joins", async () => {
    const later = await runIn("plated", {}, "2026-12-20T17:00:00.000Z");
    const sooner = await runIn("plated", {}, "2026-12-10T17:00:00.000Z");
    const rush = await runIn("plated", { turnaround: "rush" }, "2026-12-30T17:00:00.000Z");
    ok(await act(press, sooner.id, "claim"));
    const res = await press.call("GET", `production/boards/press?station_id=${station.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as { cards: Json[]; stations: Json[]; statuses: Json[] };
    const mine = body.cards.filter((c) => [later, sooner, rush].some((r) => r.run_number === c.run_number));
    expect(mine.map((c) => c.run_number)).toEqual([rush.run_number, sooner.run_number, later.run_number]);
    expect(mine[0].rush).toBe(true);
    const card = mine[1];
    expect(card).toMatchObject({
      station: "Offset press 1",
      quantity: 500,
      items: 1,
      stock: "100# Gloss Cover 19×25 (board)",
      colours: "4/4",
      coating: "uv",
      sheets: 50,
      holder: "Pat Pressman",
      due_at: "2026-12-10T17:00:00.000Z",
    });
    expect(typeof card.customer).toBe("string");
    expect(body.cards.every((c) => c.station_id === station.id)).toBe(true);
    // Only the work waiting at a press: no staged or shipping runs that left it.
    const codeOf = new Map(body.statuses.map((s) => [s.id, s.code]));
    const shown = new Set(body.cards.map((c) => codeOf.get(c.status_id)));
    for (const code of shown) {
      expect(["plated", "sent_to_rip", "printing", "paused", "held", "reprint"]).toContain(code);
    }
    expect(body.stations.some((s) => s.name === "Offset press 1")).toBe(true);
    expect(body.statuses.some((s) => s.code === "printing")).toBe(true);
    // The seeded floor: today's press work is on the board.
    const all = (await press.call("GET", "production/boards/press")).json().data as { cards: Json[] };
    expect(all.cards.length).toBeGreaterThan(3);
  });

  it("guards each board by its station type's read action", async () => {
    expect((await csr.call("GET", "production/boards/press")).statusCode).toBe(403);
    expect((await press.call("GET", "production/boards/cutting")).statusCode).toBe(403);
    expect((await press.call("GET", "production/boards/specialty_press")).statusCode).toBe(200);
    expect((await admin.call("GET", "production/boards/bindery")).statusCode).toBe(200);
    expect((await admin.call("GET", "production/boards/nowhere")).statusCode).toBe(404);
  });

  it("shows real cards on every board for the administrator", async () => {
    for (const type of [
      "press",
      "specialty_press",
      "letter_press",
      "cutting",
      "coating",
      "large_format",
      "bindery",
    ]) {
      const res = await admin.call("GET", `production/boards/${type}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as { cards: Json[] }).cards.length, type).toBeGreaterThan(0);
    }
  });
});
