import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/open";
import { template_designs, template_images } from "../../db/schema";
import { removeStored } from "../../templates/images";
import { defineHooks } from "../hooks";
import { checkTemplateMove } from "./site-ties";

// Templates: one stays on its site while that site's products or orders link it (site-ties.ts). A
// deleted template takes its sides and designs with it (rows in its transaction), and their files
// (the upload, the thumbnail, each design's previews) are removed from disk once it has committed.

/** Deletes the template's side and design rows; answers their files' keys. */
async function dropTemplateFiles(tx: Database, tenantId: number, templateId: number): Promise<string[]> {
  const sides = await tx
    .delete(template_images)
    .where(and(eq(template_images.tenant_id, tenantId), eq(template_images.template_id, templateId)))
    .returning({ file: template_images.file_key, thumbnail: template_images.thumbnail_key });
  const designs = await tx
    .delete(template_designs)
    .where(and(eq(template_designs.tenant_id, tenantId), eq(template_designs.template_id, templateId)))
    .returning({ preview: template_designs.preview_key, back: template_designs.back_preview_key });
  return [
    ...sides.flatMap((s) => [s.file, s.thumbnail]),
    ...designs.flatMap((d) => (d.back ? [d.preview, d.back] : [d.preview])),
  ];
}

export default defineHooks({
  async afterWrite({ tx, tenantId, action, record, previous, config, afterCommit }) {
    if (action === "update" && record) await checkTemplateMove(tx, tenantId, record, previous);
    if (action === "delete" && previous) {
      const keys = await dropTemplateFiles(tx, tenantId, Number(previous.id));
      const filesDir = config?.filesDir;
      if (keys.length > 0 && filesDir && afterCommit)
        afterCommit(() => removeStored(filesDir, ...keys).then(() => {}));
    }
  },
});
