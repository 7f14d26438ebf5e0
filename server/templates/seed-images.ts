import { isNotNull } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { Database } from "../db/open";
import { modelIn } from "../orders/order-state";
import type { ResourceRegistry } from "../resources/model";
import { type Side, saveTemplateImage, thumbnailOf } from "./images";

// The demo templates' front and back (issue 21): a one-page PDF per side at the template's trim
// plus bleed (a coloured ground, the name, the trim and safe lines as a designer leaves them),
// stored and thumbnailed exactly as an upload is (images.ts), so the template page shows pictures
// for the demo users. Runs once, after the seed.

const GROUNDS = [rgb(0.11, 0.36, 0.62), rgb(0.13, 0.52, 0.37), rgb(0.66, 0.26, 0.16), rgb(0.36, 0.24, 0.56)];
const POINTS = 72;

export async function seedTemplateImages(db: Database, registry: ResourceRegistry, filesDir: string) {
  const t = modelIn(registry, "Template").table.table;
  const rows = await db.select().from(t).where(isNotNull(t.front_file)).orderBy(t.id);
  for (const [i, row] of rows.entries()) {
    const sides: Side[] = row.back_file ? ["front", "back"] : ["front"];
    for (const side of sides) {
      const pdf = await sidePdf(row, side, i);
      await saveTemplateImage(db, filesDir, {
        tenantId: Number(row.tenant_id),
        userId: null,
        templateId: Number(row.id),
        side,
        bytes: pdf,
        type: "application/pdf",
        name: `${side}.pdf`,
        thumb: await thumbnailOf(pdf, "application/pdf", "file"),
      });
    }
  }
  return rows.length;
}

async function sidePdf(row: Record<string, unknown>, side: Side, index: number): Promise<Uint8Array> {
  const trimW = Number(row.trim_width ?? 3.5) || 3.5;
  const trimH = Number(row.trim_height ?? 2) || 2;
  const bleed = Number(row.bleed ?? 0);
  const safe = Number(row.safe_margin ?? 0);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = (trimW + 2 * bleed) * POINTS;
  const h = (trimH + 2 * bleed) * POINTS;
  const page = doc.addPage([w, h]);
  const ground = GROUNDS[index % GROUNDS.length];
  page.drawRectangle({
    x: 0,
    y: 0,
    width: w,
    height: h,
    color: side === "front" ? ground : rgb(0.95, 0.95, 0.93),
  });
  const ink = side === "front" ? rgb(1, 1, 1) : ground;
  const size = Math.max(8, Math.min(w, h) / 9);
  const inset = (bleed + safe) * POINTS;
  page.drawText(String(row.name ?? "Template"), {
    x: inset + size / 2,
    y: h - inset - size * 1.5,
    size,
    font,
    color: ink,
    maxWidth: w - 2 * inset - size,
  });
  page.drawText(side === "front" ? "FRONT" : "BACK", {
    x: inset + size / 2,
    y: inset + size / 2,
    size: size * 0.7,
    font,
    color: ink,
  });
  return doc.save();
}
