import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MAIL_TOOLS, type ToolKey } from "../../src/custom/mail/mail-tools";
import type { ArtworkSide, Bucket } from "../../src/custom/orders/file-kinds";
import type { Database } from "../db/open";
import { mail_tool_draft_files, mail_tool_drafts, order_files } from "../db/schema";
import { fileStorageOf } from "../files/storage";
import { storedFileColumns } from "../files/stored-file-columns";
import { fieldError, HttpError, notFound } from "../http/errors";
import { databaseError } from "../resources/errors";

// Artwork uploaded to a saved postcard or letter tool job (issue 22): the order files' own upload path
// (server/files/uploads.ts, storage-uploads.ts) takes a draft as the owner instead of an order; the
// finished file is kept here until the job becomes an order, then moved to the order's files in the
// order's transaction (the same stored object, queued for preflight like the desk's uploads). A stored object
// no job or order keeps any more (a side uploaded again, a file removed, a job deleted or printed from a
// template) is removed from the store once its row is gone.

/** The rows of one saved job of a tenant. */
const ofDraft = (tenantId: number, draftId: number) =>
  and(eq(mail_tool_draft_files.tenant_id, tenantId), eq(mail_tool_draft_files.draft_id, draftId));

/** 404 unless the draft is the caller's own in their tenant; a letter has no back. */
export async function requireDraftFor(
  db: Database,
  owner: { tenantId: number; userId: number },
  draftId: number,
  side: ArtworkSide,
): Promise<void> {
  const [draft] = await db
    .select({ tool: mail_tool_drafts.tool })
    .from(mail_tool_drafts)
    .where(
      and(
        eq(mail_tool_drafts.tenant_id, owner.tenantId),
        eq(mail_tool_drafts.user_id, owner.userId),
        eq(mail_tool_drafts.id, draftId),
      ),
    );
  if (!draft) throw notFound();
  if (side === "back" && MAIL_TOOLS[draft.tool as ToolKey]?.shape !== "card") {
    throw fieldError("side", "A letter is printed on its front only: upload the front artwork");
  }
}

export interface DraftFile {
  tenantId: number;
  userId: number;
  draftId: number;
  side: ArtworkSide;
  bucket: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

type Stored = { bucket: string; storage_key: string };
const stored = { bucket: mail_tool_draft_files.bucket, storage_key: mail_tool_draft_files.storage_key };

/** Removes objects whose rows are gone; a failure is logged (the object is left behind, nothing else fails). */
export async function discardStored(app: FastifyInstance, objects: Stored[]): Promise<void> {
  const store = fileStorageOf(app.config);
  for (const o of objects) {
    await store.remove(o.bucket as Bucket, o.storage_key).catch((error: unknown) => {
      app.log.warn(
        { err: error, key: o.storage_key },
        "A saved job's discarded artwork could not be removed",
      );
    });
  }
}

/** The stored objects of a saved job's files (to discard once the job is gone). */
export function storedFilesOf(db: Database, tenantId: number, draftId: number): Promise<Stored[]> {
  return db.select(stored).from(mail_tool_draft_files).where(ofDraft(tenantId, draftId));
}

/** The draft's file for a side; an earlier upload for that side is replaced (and its object discarded). */
export async function recordDraftFile(app: FastifyInstance, file: DraftFile) {
  let replaced: Stored[] = [];
  try {
    const row = await app.db.transaction(async (tx) => {
      replaced = await tx
        .delete(mail_tool_draft_files)
        .where(and(ofDraft(file.tenantId, file.draftId), eq(mail_tool_draft_files.side, file.side)))
        .returning(stored);
      const [row] = await tx
        .insert(mail_tool_draft_files)
        .values({ ...storedFileColumns(file), draft_id: file.draftId, side: file.side })
        .returning();
      return row;
    });
    await discardStored(app, replaced);
    return row;
  } catch (error) {
    // The job was deleted (another window) while its file was on its way: the file goes with it.
    if (databaseError(error)?.code !== "23503") throw error;
    await discardStored(app, [{ bucket: file.bucket, storage_key: file.key }]);
    throw new HttpError(409, "This saved job was deleted while the file was uploading: nothing was kept");
  }
}

/** What the wizard shows of a draft's files (never the storage key). */
export async function draftFilesOf(db: Database, tenantId: number, draftId: number) {
  return db
    .select({
      id: mail_tool_draft_files.id,
      side: mail_tool_draft_files.side,
      name: mail_tool_draft_files.name,
      content_type: mail_tool_draft_files.content_type,
      size: mail_tool_draft_files.size,
    })
    .from(mail_tool_draft_files)
    .where(ofDraft(tenantId, draftId))
    .orderBy(desc(mail_tool_draft_files.side));
}

/** Removes one of the draft's files (the caller's draft checked first) and its object; false when it was not there. */
export async function removeDraftFile(
  app: FastifyInstance,
  tenantId: number,
  draftId: number,
  fileId: number,
) {
  const gone = await app.db
    .delete(mail_tool_draft_files)
    .where(and(ofDraft(tenantId, draftId), eq(mail_tool_draft_files.id, fileId)))
    .returning(stored);
  await discardStored(app, gone);
  return gone.length > 0;
}

/**
 * Inside the order's transaction: the draft's files become the print item's artwork files (preflight
 * pending: the caller queues them once the transaction is committed). Returns the new order files' ids.
 */
export async function attachDraftFiles(
  tx: Database,
  target: { tenantId: number; draftId: number; orderId: number; itemId: number },
): Promise<number[]> {
  const files = await tx
    .select()
    .from(mail_tool_draft_files)
    .where(ofDraft(target.tenantId, target.draftId))
    .orderBy(desc(mail_tool_draft_files.side));
  if (files.length === 0) return [];
  await tx.delete(mail_tool_draft_files).where(ofDraft(target.tenantId, target.draftId));
  const rows = await tx
    .insert(order_files)
    .values(
      files.map((f) => ({
        tenant_id: f.tenant_id,
        order_id: target.orderId,
        order_item_id: target.itemId,
        kind: "artwork",
        bucket: f.bucket,
        storage_key: f.storage_key,
        name: f.name,
        content_type: f.content_type,
        size: f.size,
        uploaded_by: f.uploaded_by,
        preflight: [],
      })),
    )
    .returning({ id: order_files.id });
  return rows.map((r) => r.id);
}
