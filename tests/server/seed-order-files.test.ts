import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { order_files, order_proofs } from "../../server/db/schema";
import { type SeededFiles, seedOrderFiles } from "../../server/db/seed-order-files";
import { modelIn } from "../../server/orders/order-state";
import { preflightPdf } from "../../server/preflight/checks";
import { specOf } from "../../server/preflight/runner";
import { loadRegistry, type ResourceRegistry } from "../../server/resources/model";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp, tempDir } from "./helpers";

// Issue 19, the demo orders' files (server/db/seed-order-files.ts) on the tests' small seed: each row's
// file is on disk as a tus upload leaves it, each artwork's preflight is what the checks say of its
// bytes, each item's proofs count up with a rejection's comment before the next and the approval
// after the last sending; the CSR reads them through the desk's endpoints.

type FileRow = typeof order_files.$inferSelect;
type ProofRow = typeof order_proofs.$inferSelect;
interface DeskView {
  statuses: { order_item: { id: number; code: string }[] };
  items: { id: number; timeline: { status_id: number | null; at: string; by: string | null }[] }[];
}

describeEachStore("the seed's order files (%s)", (dbKind) => {
  let t: TestApp;
  let registry: ResourceRegistry;
  let filesDir: string;
  let seeded: SeededFiles;
  let files: FileRow[];
  let proofs: ProofRow[];

  beforeAll(async () => {
    filesDir = tempDir("seed-files");
    t = await createTestApp(dbKind, { config: { filesDir } });
    registry = await loadRegistry();
    seeded = await seedOrderFiles(t.database.db, registry, filesDir);
    files = await t.database.db.select().from(order_files).where(eq(order_files.tenant_id, 1));
    proofs = await t.database.db
      .select()
      .from(order_proofs)
      .where(eq(order_proofs.tenant_id, 1))
      .orderBy(order_proofs.order_item_id, order_proofs.proof_no);
  });
  afterAll(() => t?.dispose());

  const bytesOf = (f: FileRow) => readFile(path.join(filesDir, f.bucket, f.storage_key));

  it("gives a handful of orders their files, each on disk with the tus upload's record beside it", async () => {
    expect(seeded.orders).toBe(5);
    expect(files.length).toBe(seeded.artwork + seeded.proofs);
    expect(new Set(files.map((f) => f.order_id)).size).toBe(5);
    for (const f of files) {
      const bytes = await bytesOf(f);
      expect(bytes.length).toBe(f.size);
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(f.bucket).toBe(f.kind === "proof" ? "proofs" : "shop");
      const upload = JSON.parse(
        await readFile(path.join(filesDir, f.bucket, `${f.storage_key}.json`), "utf8"),
      );
      expect(upload).toMatchObject({
        id: f.storage_key,
        size: f.size,
        metadata: { order_id: String(f.order_id), item_id: String(f.order_item_id), kind: f.kind },
      });
      // Its thumbnail, in the shop-files bucket beside the file's key: a PNG 128 px on its longer side.
      expect(f.thumbnail_key).toBe(`${f.storage_key}.thumb.png`);
      const thumb = await readFile(path.join(filesDir, "shop", String(f.thumbnail_key)));
      expect(thumb.subarray(1, 4).toString()).toBe("PNG");
      expect(Math.max(thumb.readUInt32BE(16), thumb.readUInt32BE(20))).toBe(128);
    }
  });

  it("preflights each artwork file with the checks, and pass, warn and fail all appear", async () => {
    const artwork = files.filter((f) => f.kind === "artwork");
    expect(artwork.length).toBe(seeded.artwork);
    for (const f of artwork) {
      const spec = await specOf(t.database.db, registry, 1, f.order_item_id);
      const checked = await preflightPdf(await bytesOf(f), spec);
      expect({ result: f.preflight_result, checks: f.preflight }).toEqual(checked);
    }
    expect(new Set(artwork.map((f) => f.preflight_result))).toEqual(new Set(["pass", "warn", "fail"]));
    const noBleed = artwork.find((f) => f.name.endsWith("no-bleed.pdf"));
    expect(noBleed?.preflight?.find((c) => c.check === "bleed")?.message).toMatch(/^No bleed: /);
    // Proofs are not preflighted.
    expect(files.filter((f) => f.kind === "proof").every((f) => f.preflight_result === null)).toBe(true);
  });

  it("counts each item's proofs up: rejected with a comment before the next, the last approved after it went", async () => {
    expect(proofs.length).toBe(seeded.proofs);
    expect(proofs.some((p) => p.decision === "rejected")).toBe(true);
    expect(proofs.some((p) => p.decision === "approved")).toBe(true);
    const items = modelIn(registry, "Order").children.find((c) => c.name === "items")?.table.table;
    if (!items) throw new Error("no items table");
    const byItem = new Map<number, ProofRow[]>();
    for (const p of proofs) byItem.set(p.order_item_id, [...(byItem.get(p.order_item_id) ?? []), p]);
    for (const [itemId, list] of byItem) {
      const [item] = await t.database.db
        .select({ proofs: items.proof_version })
        .from(items)
        .where(and(eq(items.tenant_id, 1), eq(items.id, itemId)));
      expect(list.map((p) => p.proof_no)).toEqual(list.map((_, i) => i + 1));
      expect(item.proofs).toBe(list.length);
      for (const [i, p] of list.entries()) {
        const file = files.find((f) => f.id === p.file_id);
        expect(file).toMatchObject({ kind: "proof", order_item_id: itemId, order_id: p.order_id });
        const next = list[i + 1];
        if (next) {
          expect(p.decision).toBe("rejected");
          expect(p.comment?.length).toBeGreaterThan(10);
          expect(p.sent_at < (p.decided_at as Date) && (p.decided_at as Date) < next.sent_at).toBe(true);
        } else if (p.decision !== null) {
          expect(p.decision).toBe("approved");
          expect((p.decided_at as Date) > p.sent_at).toBe(true);
        }
      }
    }
  });

  it("shows the CSR an order's files and proofs through the desk's endpoints", async () => {
    const csr = await signIn(t.app, "csr@pressroom.test");
    const proofed = proofs[0];
    const listed = await t.app.inject({
      url: `/api/v1/order-files?order_id=${proofed.order_id}`,
      headers: bearer(csr),
    });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data.map((f: { id: number }) => f.id)
        .sort(),
    ).toEqual(
      files
        .filter((f) => f.order_id === proofed.order_id)
        .map((f) => f.id)
        .sort(),
    );
    const history = await t.app.inject({
      url: `/api/v1/orders/${proofed.order_id}/proofs`,
      headers: bearer(csr),
    });
    expect(
      history
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual(
      proofs
        .filter((p) => p.order_id === proofed.order_id)
        .map((p) => p.id)
        .sort(),
    );
    // Each proofed item back at received, preflight, awaiting proof or approved has its journey on its timeline.
    let walked = 0;
    for (const orderId of new Set(proofs.map((p) => p.order_id))) {
      const desk = (
        await t.app.inject({ url: `/api/v1/orders/${orderId}/desk`, headers: bearer(csr) })
      ).json().data as DeskView;
      const codeOf = new Map(desk.statuses.order_item.map((s) => [s.id, s.code]));
      for (const item of desk.items) {
        const sent = proofs.filter((p) => p.order_item_id === item.id);
        const now = codeOf.get(item.timeline.at(-1)?.status_id ?? 0);
        if (sent.length === 0 || !["awaiting_proof", "approved"].includes(now ?? "")) continue;
        const expected = ["received", "preflight"];
        for (const p of sent) {
          expected.push("awaiting_proof");
          if (p.decision) expected.push(p.decision === "approved" ? "approved" : "preflight");
        }
        expect(item.timeline.map((step) => codeOf.get(step.status_id ?? 0))).toEqual(expected);
        expect(item.timeline.map((step) => step.at)).toEqual(item.timeline.map((step) => step.at).sort());
        // Proof 1 went out by a member of staff (the admin or the CSR).
        expect(["Avery Admin", "Casey CSR"]).toContain(item.timeline[2].by);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(0);
    const failed = await t.app.inject({ url: "/api/v1/order-files?preflight=fail", headers: bearer(csr) });
    expect(failed.json().meta.total).toBe(files.filter((f) => f.preflight_result === "fail").length);
    const proofFile = files.find((f) => f.id === proofed.file_id) as FileRow;
    const link = await t.app.inject({
      url: `/api/v1/order-files/${proofFile.id}/link`,
      headers: bearer(csr),
    });
    const download = await t.app.inject({ url: link.json().data.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await bytesOf(proofFile))).toBe(true);
  });
});
