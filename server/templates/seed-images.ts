import { isNotNull } from "drizzle-orm";
import type { Database } from "../db/open";
import { modelIn } from "../orders/order-state";
import type { ResourceRegistry } from "../resources/model";
import { type Side, saveTemplateImage, THUMBNAIL_PX } from "./images";

// The demo templates' front and back (issue 21): a picture per side at the template's trim plus bleed (a coloured
// ground, the name, the side), stored as an uploaded PNG is (images.ts), so the template page shows pictures for the
// demo users. Runs once, after the seed, before the server answers, so it is kept cheap: each side is drawn at the
// thumbnail's size, and is its own thumbnail (what thumbnailOf would make of it). Made as PDFs and rendered, or drawn
// at full size and scaled, the 50-odd sides added 4-5 s to a first start.

const GROUNDS = ["#1c5c9e", "#21855e", "#a84229", "#5c3d8f"];
/** A seeded side's longer edge, in pixels: the page shows it at about half. */
const LONG_EDGE_PX = Math.min(600, THUMBNAIL_PX);

export async function seedTemplateImages(db: Database, registry: ResourceRegistry, filesDir: string) {
  const t = modelIn(registry, "Template").table.table;
  const rows = await db.select().from(t).where(isNotNull(t.front_file)).orderBy(t.id);
  const { createCanvas } = await import("@napi-rs/canvas");
  for (const [i, row] of rows.entries()) {
    const sides: Side[] = row.back_file ? ["front", "back"] : ["front"];
    for (const side of sides) {
      const picture = sidePicture(createCanvas, row, side, i);
      await saveTemplateImage(db, filesDir, {
        tenantId: Number(row.tenant_id),
        userId: null,
        templateId: Number(row.id),
        side,
        bytes: picture.png,
        type: "image/png",
        name: `${side}.png`,
        thumb: picture,
      });
    }
  }
  return rows.length;
}

function sidePicture(
  createCanvas: typeof import("@napi-rs/canvas").createCanvas,
  row: Record<string, unknown>,
  side: Side,
  index: number,
): { png: Buffer; width: number; height: number } {
  const trimW = Number(row.trim_width ?? 3.5) || 3.5;
  const trimH = Number(row.trim_height ?? 2) || 2;
  const bleed = Number(row.bleed ?? 0);
  const safe = Number(row.safe_margin ?? 0);
  const pxPerInch = LONG_EDGE_PX / Math.max(trimW + 2 * bleed, trimH + 2 * bleed);
  const w = Math.round((trimW + 2 * bleed) * pxPerInch);
  const h = Math.round((trimH + 2 * bleed) * pxPerInch);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  const ground = GROUNDS[index % GROUNDS.length];
  ctx.fillStyle = side === "front" ? ground : "#f2f2ed";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = side === "front" ? "#ffffff" : ground;
  const size = Math.max(8, Math.min(w, h) / 9);
  const inset = (bleed + safe) * pxPerInch;
  ctx.font = `bold ${Math.round(size)}px sans-serif`;
  ctx.fillText(String(row.name ?? "Template"), inset + size / 2, inset + size * 1.5, w - 2 * inset - size);
  ctx.font = `bold ${Math.round(size * 0.7)}px sans-serif`;
  ctx.fillText(side === "front" ? "FRONT" : "BACK", inset + size / 2, h - inset - size / 2);
  return { png: canvas.toBuffer("image/png"), width: w, height: h };
}
