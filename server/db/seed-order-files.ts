import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { FileConfigstore } from "@tus/file-store";
import { Upload } from "@tus/utils";
import { and, count, desc, eq, inArray, lte } from "drizzle-orm";
import { bucketOf, type FileKind } from "../../src/custom/orders/file-kinds";
import { bucketDir, embeddedStorage } from "../files/embedded-storage";
import { orderThumbnail, thumbnailKeyOf } from "../files/thumbnails";
import { loadPdfjs } from "../images/thumbnail";
import { modelIn, statusesOf } from "../orders/order-state";
import { specOf } from "../preflight/runner";
import { preflightFile } from "../preflight/service";
import type { ResourceRegistry } from "../resources/model";
import type { Database } from "./open";
import { change_logs, order_files, order_proofs, users } from "./schema";
import { type ArtworkKind, artworkPdf, type PageSpec, proofPdf } from "./seed-data/artwork-pdfs";

// The demo orders' files (issue 19): after the seed, a few dozen recent open orders of the demo
// tenant (a handful in a small seed) get each item's artwork, stored in the embedded file store as a
// tus upload leaves it (the file and its .json beside it) with its order_files row and its thumbnail
// (server/files/thumbnails.ts: drawn once per distinct PDF, which the files share), and preflighted
// by the server's own checks (not typed results). Items whose proof went out get their proofs: proof
// 1, 2, … as files of the customer-proofs bucket and order_proofs rows, sent by staff, the earlier
// ones rejected with the customer's comment, the last approved unless the item still awaits it.
// Runs once, after seedIfEmpty, like the templates' pictures (server/serve.ts).

const TENANT = 1;
/** Orders given files: one in 300 of the demo tenant's, at least 5, at most 36. */
const FEW = 5;
const MANY = 36;
const MIN = 60_000;
const HOUR = 60 * MIN;

const EARLY = ["received", "preflight"];
const PROOFING = ["awaiting_proof"];
const PAST = ["approved", "batched", "printing", "printed", "coated", "cut", "finishing", "staged", "packed"];

/** Artwork for an item at each stage: early items show every verdict; proofed ones passed or warned. */
const EARLY_ART: ArtworkKind[] = ["no_bleed", "clean", "font", "rgb_photo", "low_res", "soft_photo"];
const PROOFED_ART: ArtworkKind[] = ["clean", "rgb_photo", "clean", "soft_photo"];

const REJECTIONS = [
  "Please make the logo larger on the front and use our new phone number, 555-0142.",
  "The address on the back is our old one: it should be 18 Harbor Street, Suite 4.",
  "Colours look too dark: lighten the blue to match our brand sheet.",
  "Move the offer above the fold and drop the second photo.",
];

export interface SeededFiles {
  orders: number;
  artwork: number;
  proofs: number;
}

interface Item {
  id: number;
  orderId: number;
  number: number;
  code: string;
  proofs: number;
}

export async function seedOrderFiles(
  db: Database,
  registry: ResourceRegistry,
  filesDir: string,
  now = new Date(),
): Promise<SeededFiles> {
  // The thumbnails' PDF renderer loads while the orders are read (a second or two of the seed otherwise).
  void loadPdfjs().catch(() => undefined);
  const orders = modelIn(registry, "Order");
  const o = orders.table.table;
  const it = orders.children.find((c) => c.name === "items")?.table.table;
  const customers = modelIn(registry, "Customer").table.table;
  if (!it) throw new Error("seed: orders have no items");
  const codes = new Map(
    (await statusesOf(db, registry, TENANT, "order_item")).map((s) => [s.id, s.code] as const),
  );
  const staff = new Map(
    (
      await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, ["csr@pressroom.test", "admin@pressroom.test"]))
    ).map((u) => [u.email, u.id]),
  );
  const csr = staff.get("csr@pressroom.test") ?? null;
  const admin = staff.get("admin@pressroom.test") ?? csr;
  const [{ total }] = await db.select({ total: count() }).from(o).where(eq(o.tenant_id, TENANT));
  const wanted = Math.min(MANY, Math.max(FEW, Math.round(total / 300)));

  // The most recent orders whose every item is still in the shop's hands, a third at each stage.
  const recent = await db
    .select({ id: o.id, ordered_at: o.ordered_at, email: customers.contact_email })
    .from(o)
    .leftJoin(customers, and(eq(customers.id, o.customer_id), eq(customers.tenant_id, o.tenant_id)))
    .where(and(eq(o.tenant_id, TENANT), lte(o.ordered_at, now)))
    .orderBy(desc(o.ordered_at), desc(o.id))
    .limit(Math.max(400, wanted * 20));
  const itemRows = await db
    .select({ id: it.id, parent: it.parent_id, status: it.item_status_id, proofs: it.proof_version })
    .from(it)
    .where(
      and(
        eq(it.tenant_id, TENANT),
        inArray(
          it.parent_id,
          recent.map((r) => r.id as number),
        ),
      ),
    )
    .orderBy(it.parent_id, it.position);
  const itemsOf = new Map<number, Item[]>();
  const proofsOf = new Map(itemRows.map((r) => [r.id as number, Number(r.proofs ?? 0)]));
  for (const row of itemRows) {
    const list = itemsOf.get(row.parent as number) ?? [];
    list.push({
      id: row.id as number,
      orderId: row.parent as number,
      number: list.length + 1,
      code: codes.get(row.status as number) ?? "",
      proofs: Number(row.proofs ?? 0),
    });
    itemsOf.set(row.parent as number, list);
  }
  const stageOf = (items: Item[]) => {
    const all = (set: string[]) => items.length > 0 && items.every((i) => set.includes(i.code));
    const proofed = items.every((i) => i.proofs > 0);
    return all(EARLY) ? 0 : all(PROOFING) && proofed ? 1 : all(PAST) && proofed ? 2 : -1;
  };
  const picked: typeof recent = [];
  const perStage = [0, 0, 0];
  for (const order of recent) {
    const stage = stageOf(itemsOf.get(order.id as number) ?? []);
    if (stage < 0 || !order.email || perStage[stage] >= Math.ceil(wanted / 3)) continue;
    perStage[stage]++;
    picked.push(order);
    if (picked.length === wanted) break;
  }

  const stores = { shop: await store(filesDir, "shop"), proofs: await store(filesDir, "proofs") };
  const storage = embeddedStorage(filesDir);
  const pdfs = new Map<string, Promise<Uint8Array>>();
  const pdfOnce = (key: string, make: () => Promise<Uint8Array>) => {
    if (!pdfs.has(key)) pdfs.set(key, make());
    return pdfs.get(key) as Promise<Uint8Array>;
  };
  const thumbs = new Map<Uint8Array, Promise<Buffer | undefined>>();
  const thumbOnce = (bytes: Uint8Array) => {
    if (!thumbs.has(bytes))
      thumbs.set(
        bytes,
        orderThumbnail(bytes).then((t) => t?.png),
      );
    return thumbs.get(bytes) as Promise<Buffer | undefined>;
  };

  type FileRow = typeof order_files.$inferInsert;
  type ProofRow = Omit<typeof order_proofs.$inferInsert, "file_id"> & { file: FileRow };

  /** Stores the bytes as a finished tus upload does (the file, its .json beside it); answers its row. */
  const save = async (
    file: { orderId: number; itemId: number; kind: FileKind; name: string; by: number | null; at: Date },
    bytes: Uint8Array,
  ): Promise<FileRow> => {
    const bucket = bucketOf(file.kind);
    const key = `t${TENANT}-${randomUUID()}`;
    const metadata = {
      order_id: String(file.orderId),
      item_id: String(file.itemId),
      kind: file.kind,
      filename: file.name,
      filetype: "application/pdf",
      tenant_id: String(TENANT),
      user_id: String(file.by ?? ""),
    };
    // The bytes under the upload's id, and tus's own record of the upload beside them (FileStore.create's).
    await writeFile(path.join(bucketDir(filesDir, bucket), key), bytes);
    await stores[bucket].set(
      key,
      new Upload({ id: key, size: bytes.length, offset: 0, metadata, creation_date: file.at.toISOString() }),
    );
    // Its thumbnail, in the shop-files bucket, as the upload's queue leaves it (thumbnails.ts).
    const thumb = await thumbOnce(bytes);
    if (thumb) await storage.put("shop", thumbnailKeyOf(key), thumb, "image/png");
    return {
      tenant_id: TENANT,
      order_id: file.orderId,
      order_item_id: file.itemId,
      kind: file.kind,
      bucket,
      storage_key: key,
      name: file.name,
      content_type: "application/pdf",
      size: bytes.length,
      uploaded_by: file.by,
      thumbnail_key: thumb ? thumbnailKeyOf(key) : null,
      preflight: null,
      created_at: file.at,
      updated_at: file.at,
    };
  };

  /** One item's artwork (preflighted) and proofs. */
  const seedItem = async (item: Item, art: ArtworkKind, n: number, email: string, orderedAt: number) => {
    const spec = await specOf(db, registry, TENANT, item.id);
    const page: PageSpec = { width: spec.width ?? 8.5, height: spec.height ?? 11, bleed: spec.bleed };
    const size = `${page.width}x${page.height}+${page.bleed}`;
    const steps = plan(item, orderedAt, now.getTime());
    const artwork = await save(
      {
        orderId: item.orderId,
        itemId: item.id,
        kind: "artwork",
        name: `item-${item.number}-${art === "clean" ? "artwork" : art.replace("_", "-")}.pdf`,
        by: csr,
        at: new Date(steps.uploaded),
      },
      await pdfOnce(`${art}:${size}:${n % 2}`, () => artworkPdf(art, page, n % 2)),
    );
    // Preflight as the runner does it after an upload: the stored file against the item's product.
    const outcome = await preflightFile(
      // The server's own checks, whatever service the configuration names.
      {
        preflightUrl: undefined,
        preflightDesignUrl: undefined,
        preflightToken: undefined,
        preflightMaxBytes: Number.MAX_SAFE_INTEGER,
      },
      {
        open: () => storage.open("shop", artwork.storage_key),
        size: artwork.size,
        contentType: "application/pdf",
      },
      spec,
    );
    // The upload's row, then the runner's update of it: preflight's checks, the version counted up.
    Object.assign(artwork, { preflight: outcome.checks, preflight_result: outcome.result, version: 2 });
    const files = [artwork];
    const proofs: ProofRow[] = [];
    for (const [index, proof] of steps.proofs.entries()) {
      const no = index + 1;
      const file = await save(
        {
          orderId: item.orderId,
          itemId: item.id,
          kind: "proof",
          name: `item-${item.number}-proof-${no}.pdf`,
          by: admin,
          at: new Date(proof.sent - 1000),
        },
        await pdfOnce(`proof:${size}:${no}`, () => proofPdf(page, `Proof ${no}`, 0)),
      );
      files.push(file);
      const decided = proof.decided === null ? null : new Date(proof.decided);
      const rejected = index < steps.proofs.length - 1;
      proofs.push({
        tenant_id: TENANT,
        order_id: item.orderId,
        order_item_id: item.id,
        proof_no: no,
        file,
        sent_to: email,
        sent_at: new Date(proof.sent),
        sent_by: index % 2 === 0 ? admin : csr,
        decision: decided ? (rejected ? "rejected" : "approved") : null,
        decided_at: decided,
        decided_by: decided ? csr : null,
        comment: rejected ? REJECTIONS[(n + index) % REJECTIONS.length] : null,
        version: decided ? 2 : 1,
        created_at: new Date(proof.sent),
        updated_at: decided ?? new Date(proof.sent),
      });
    }
    return { files, proofs, moves: journey(item, steps) };
  };

  /**
   * The item's moves along the declared statuses as the proof routes log them on the order (items.{id}.item_status_id,
   * and proof_version on each sending), for the items the proof journey leaves where they are: received, preflight,
   * awaiting proof or approved (later statuses are production's, which the seed does not log).
   */
  const idOf = new Map([...codes].map(([id, code]) => [code, id] as const));
  const journey = (item: Item, steps: ReturnType<typeof plan>) => {
    if (!["preflight", "awaiting_proof", "approved"].includes(item.code)) return [];
    const moves: (typeof change_logs.$inferInsert)[] = [];
    const move = (from: string, to: string, at: number, by: number | null, proofNo?: number) => {
      const key = `items.${item.id}`;
      moves.push({
        tenant_id: TENANT,
        kind: "Order",
        record_id: item.orderId,
        action: "update",
        changed_at: new Date(at),
        user_id: by,
        changes: {
          [`${key}.item_status_id`]: { from: idOf.get(from) ?? null, to: idOf.get(to) ?? null },
          ...(proofNo ? { [`${key}.proof_version`]: { from: proofNo - 1, to: proofNo } } : {}),
        },
      });
    };
    move("received", "preflight", steps.checked, csr);
    for (const [i, proof] of steps.proofs.entries()) {
      move("preflight", "awaiting_proof", proof.sent, i % 2 === 0 ? admin : csr, i + 1);
      if (proof.decided === null) continue;
      const last = i === steps.proofs.length - 1;
      move("awaiting_proof", last ? "approved" : "preflight", proof.decided, csr);
    }
    return moves;
  };

  // Each stage's items take its artwork in turn, and every third proofed item needed a second proof,
  // so that even a small seed shows every verdict and a rejection (the item's proof count follows).
  const turns = { early: 0, proofed: 0 };
  const work = picked.flatMap((order) =>
    (itemsOf.get(order.id as number) ?? []).map((item) => {
      if (EARLY.includes(item.code)) {
        return { item, order, art: EARLY_ART[turns.early++ % EARLY_ART.length] };
      }
      const turn = turns.proofed++;
      if (turn % 3 === 1 && item.proofs < 2) item.proofs = 2;
      return { item, order, art: PROOFED_ART[turn % PROOFED_ART.length] };
    }),
  );
  const raised = work.filter(({ item }) => item.proofs !== proofsOf.get(item.id));
  for (const { item } of raised) {
    await db
      .update(it)
      .set({ proof_version: item.proofs })
      .where(and(eq(it.tenant_id, TENANT), eq(it.id, item.id)));
  }
  // A few at a time: one item's files are written while another's are made or checked.
  const done = await pooled(work, 4, ({ item, order, art }, n) =>
    seedItem(item, art, n + 1, order.email as string, (order.ordered_at as Date).getTime()),
  );
  const files = done.flatMap((d) => d.files);
  const proofs = done.flatMap((d) => d.proofs);
  const moves = done.flatMap((d) => d.moves);
  if (moves.length > 0) await db.insert(change_logs).values(moves);
  if (files.length === 0) return { orders: 0, artwork: 0, proofs: 0 };
  // A multi-row insert answers its rows in the order given.
  const ids = new Map(
    (await db.insert(order_files).values(files).returning({ id: order_files.id })).map((r, i) => [
      files[i],
      r.id,
    ]),
  );
  if (proofs.length > 0) {
    await db
      .insert(order_proofs)
      .values(proofs.map(({ file, ...p }) => ({ ...p, file_id: ids.get(file) as number })));
  }
  return {
    orders: picked.length,
    artwork: files.filter((f) => f.kind === "artwork").length,
    proofs: proofs.length,
  };
}

/** Each input's answer, in order, with at most `limit` running at once. */
async function pooled<T, R>(inputs: T[], limit: number, run: (input: T, index: number) => Promise<R>) {
  const out: R[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      out[i] = await run(inputs[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return out;
}

async function store(filesDir: string, bucket: "shop" | "proofs") {
  const dir = bucketDir(filesDir, bucket);
  await mkdir(dir, { recursive: true });
  return new FileConfigstore(dir);
}

/**
 * When the artwork came, preflight took it, and each proof went out and was answered, within the time
 * since the order: artwork 10 minutes in, preflight half an hour later, proof 1 two hours in, each rejection three hours after its proof and the
 * next proof two hours after that, the approval three hours after the last (none while awaited).
 */
export function plan(
  item: { code: string; proofs: number; number: number },
  orderedAt: number,
  now: number,
): { uploaded: number; checked: number; proofs: { sent: number; decided: number | null }[] } {
  const count = EARLY.includes(item.code) ? 0 : item.proofs;
  const approved = PAST.includes(item.code);
  const offsets: number[] = [10 * MIN + item.number * MIN, 40 * MIN + item.number * MIN];
  let t = 2 * HOUR + item.number * 5 * MIN;
  for (let i = 0; i < count; i++) {
    offsets.push(t);
    const last = i === count - 1;
    if (!last || approved) offsets.push(t + 3 * HOUR);
    t += 5 * HOUR;
  }
  // A recent order's steps are pressed into the time it has had (a minute short of now).
  const room = Math.max(now - orderedAt - MIN, 0);
  const end = offsets.at(-1) ?? 0;
  const scale = end > room ? room / end : 1;
  const at = offsets.map((v) => orderedAt + Math.round(v * scale));
  const proofs: { sent: number; decided: number | null }[] = [];
  for (let i = 0, k = 2; i < count; i++) {
    const last = i === count - 1;
    const decided = !last || approved ? at[k + 1] : null;
    proofs.push({ sent: at[k], decided });
    k += decided === null ? 1 : 2;
  }
  return { uploaded: at[0], checked: at[1], proofs };
}
