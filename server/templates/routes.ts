import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor, type Verb } from "../../src/access/permissions";
import {
  DESIGN_SIDES,
  type DesignField,
  defaultLayout,
  designProblems,
  templateFields,
} from "../../src/custom/catalogue/design-rules";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can, type Grants, loadGrants } from "../auth/permissions";
import type { Database } from "../db/open";
import { template_designs, users } from "../db/schema";
import {
  fieldError,
  forbidden,
  HttpError,
  notFound,
  unauthenticated,
  validationFailed,
} from "../http/errors";
import { extensionOf, sniffType } from "../images/thumbnail";
import { modelIn } from "../orders/order-state";
import { parseBody, pathId } from "../orders/route-helpers";
import { diffRows, writeChangeLogs } from "../resources/change-logs";
import type { ResourceRegistry } from "../resources/model";
import { designTokens } from "./design-token";
import {
  checkPreview,
  readStored,
  removeStored,
  SIDE_TYPES,
  SIDES,
  type Side,
  saveTemplateImage,
  storeFile,
  TEMPLATE_FILE_MAX_BYTES,
  templateImage,
  thumbnailOf,
} from "./images";

// A template's pictures and its designs (issue 21; the contract is README "Design editor contract"):
//   PUT  /templates/{id}/images/{front|back}       the side's file as the body (PDF, PNG or JPEG, ≤ 10 MB; Template Update)
//   GET  /templates/{id}/images/{front|back}       the side's PNG thumbnail (Template Read, or the editor's token)
//   POST /templates/{id}/design-sessions           a token for the design editor (Template Create Design)
//   GET  /templates/{id}/design-context            what the editor needs: geometry, fields, the layout to start from
//   GET  /templates/{id}/designs                   the saved designs, newest first (Template Read)
//   POST /templates/{id}/designs                   a new design version with its PNG preview (Create Design)
//   GET  /templates/{id}/designs/{version}/preview the version's preview (?side=back: its back's)
// The editor calls with X-Design-Token (or ?token= on images) instead of a session; the token's user
// must still hold the permission when it is used.

const inches = z.number({ error: "Give a length in inches" }).min(-1000).max(1000);
const previewPng = (side: string) =>
  z
    .string({ error: `Send the design's ${side} preview (a PNG, base64)` })
    .min(1)
    .max(3_000_000, {
      error: `The ${side} preview may be at most 2 MB`,
    });
const designBody = z
  .object({
    base_version: z
      .number({ error: "Send the design version the editor started from (0 for none)" })
      .int()
      .min(0)
      .max(1_000_000),
    fields: z
      .array(
        z
          .object({
            name: z.string().min(1).max(120),
            value: z.string().max(100_000),
            side: z.enum(DESIGN_SIDES, { error: "A field's side is front or back" }).optional(),
            x: inches,
            y: inches,
            width: inches,
            height: inches,
          })
          .strict(),
      )
      .max(200, "At most 200 fields"),
    preview_png: previewPng("front"),
    preview_back_png: previewPng("back").optional(),
  })
  .strict();

interface Caller {
  tenantId: number;
  userId: number;
  grants: Grants;
}

export async function templateRoutes(app: FastifyInstance, options: { registry: ResourceRegistry }) {
  const { registry } = options;
  const tokens = designTokens(app.config.fileLinkSecret);
  const filesDir = app.config.filesDir;
  const templateModel = modelIn(registry, "Template");
  const templates = templateModel.table.table;
  const hidden = { schema: { hide: true } };

  app.addContentTypeParser(
    SIDE_TYPES,
    { parseAs: "buffer", bodyLimit: TEMPLATE_FILE_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  /** The session's caller, or the design token's (which must name this template). */
  async function callerOf(request: FastifyRequest, reply: FastifyReply, templateId: number): Promise<Caller> {
    const header = request.headers["x-design-token"];
    const query = (request.query as Record<string, unknown>).token;
    const token = typeof header === "string" ? header : typeof query === "string" ? query : undefined;
    if (token === undefined) {
      if (!request.auth) await requireAuth(request, reply);
      const auth = getAuth(request);
      return { tenantId: auth.tenantId, userId: auth.user.id, grants: await requestGrants(request) };
    }
    const pass = tokens.check(token);
    if (pass === "expired") {
      throw unauthenticated("The design editor's pass has expired: open the editor again from the template");
    }
    if (pass === "invalid") throw unauthenticated();
    if (pass.templateId !== templateId) throw forbidden();
    return {
      tenantId: pass.tenantId,
      userId: pass.userId,
      grants: await loadGrants(app.db, pass.userId, pass.tenantId),
    };
  }

  /** The template if the caller may `verb` it (Any, or Own for their own); else 403 or 404. */
  async function templateFor(caller: Caller, verb: Verb, id: number) {
    const scope = scopeFor(caller.grants, "Template", verb);
    if (scope === "none") throw forbidden();
    const [row] = await app.db
      .select()
      .from(templates)
      .where(and(eq(templates.tenant_id, caller.tenantId), eq(templates.id, id)));
    if (!row) throw notFound();
    if (scope === "own" && row.owner_id !== caller.userId) {
      if (scopeFor(caller.grants, "Template", "Read") === "all") throw forbidden();
      throw notFound();
    }
    const geometry = {
      trim_width: Number(row.trim_width ?? 0),
      trim_height: Number(row.trim_height ?? 0),
      bleed: Number(row.bleed ?? 0),
      safe_margin: Number(row.safe_margin ?? 0),
    };
    return { row, geometry, fields: templateFields(row.editable_fields) };
  }

  /**
   * The template follows its newest design, in the save's transaction: its design_version and its
   * preview_image (the design's preview, served by this server), version + 1, the change log entry,
   * and through it the live event the template page listens to. Answers the template's new version.
   */
  async function recordOnTemplate(tx: Database, caller: Caller, id: number, designVersion: number) {
    const where = and(eq(templates.tenant_id, caller.tenantId), eq(templates.id, id));
    const [before] = await tx.select().from(templates).where(where).for("update");
    if (!before) throw notFound();
    const [after] = await tx
      .update(templates)
      .set({
        design_version: designVersion,
        preview_image: `${app.config.publicUrl}/api/v1/${previewPath(id, designVersion)}`,
        version: sql`${templates.version} + 1`,
        updated_at: new Date(),
      })
      .where(where)
      .returning();
    const changes = diffRows(templateModel, before, after);
    await writeChangeLogs(tx, templateModel, [
      { tenantId: caller.tenantId, recordId: id, action: "update", userId: caller.userId, changes },
    ]);
    return Number(after.version);
  }

  const requireDesigner = (caller: Caller) => {
    if (!can(caller.grants, "Template", "Create Design")) throw forbidden();
  };

  const sideOf = (raw: unknown): Side => {
    if (!SIDES.includes(raw as Side)) throw notFound();
    return raw as Side;
  };

  const imageRow = (tenantId: number, templateId: number, side: Side) =>
    templateImage(app.db, tenantId, templateId, side);

  const latestDesign = (tenantId: number, templateId: number) =>
    app.db
      .select()
      .from(template_designs)
      .where(and(eq(template_designs.tenant_id, tenantId), eq(template_designs.template_id, templateId)))
      .orderBy(desc(template_designs.design_version))
      .limit(1)
      .then((rows) => rows[0]);

  const sendPng = (reply: FastifyReply, bytes: Buffer | undefined) => {
    if (!bytes) throw notFound();
    return reply.header("content-type", "image/png").header("cache-control", "private, no-store").send(bytes);
  };

  app.put("/templates/:id/images/:side", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const params = request.params as { id: string; side: string };
    const id = pathId(params.id);
    const side = sideOf(params.side);
    const caller = await callerOf(request, reply, id);
    await templateFor(caller, "Update", id);
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw fieldError("file", "Send the side's file (a PDF, PNG or JPEG) as the body");
    }
    const type = sniffType(body);
    if (!type) throw fieldError("file", "Send a PDF, PNG or JPEG file: these bytes are none of them");
    const thumb = await thumbnailOf(body, type, "file");
    const name = String((request.query as Record<string, unknown>).name ?? "")
      .trim()
      .slice(0, 200);
    const saved = await saveTemplateImage(app.db, filesDir, {
      tenantId: caller.tenantId,
      userId: caller.userId,
      templateId: id,
      side,
      bytes: body,
      type,
      name: name || `${side}.${extensionOf(type)}`,
      thumb,
    });
    return { data: saved };
  });

  app.get("/templates/:id/images/:side", hidden, async (request, reply) => {
    const params = request.params as { id: string; side: string };
    const id = pathId(params.id);
    const side = sideOf(params.side);
    const caller = await callerOf(request, reply, id);
    await templateFor(caller, "Read", id);
    const row = await imageRow(caller.tenantId, id, side);
    return sendPng(reply, row && (await readStored(filesDir, row.thumbnail_key)));
  });

  app.post(
    "/templates/:id/design-sessions",
    { onRequest: requireAuth, ...hidden },
    async (request, reply) => {
      const id = pathId((request.params as { id: string }).id);
      const caller = await callerOf(request, reply, id);
      requireDesigner(caller);
      await templateFor(caller, "Read", id);
      return { data: tokens.sign({ tenantId: caller.tenantId, userId: caller.userId, templateId: id }) };
    },
  );

  app.get("/templates/:id/design-context", hidden, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    const caller = await callerOf(request, reply, id);
    const { row, geometry, fields } = await templateFor(caller, "Read", id);
    const latest = await latestDesign(caller.tenantId, id);
    const images = await Promise.all(SIDES.map((side) => imageRow(caller.tenantId, id, side)));
    return {
      data: {
        template: { id: row.id, name: row.name, site_id: row.site_id, ...geometry },
        fields,
        design_version: latest?.design_version ?? 0,
        layout: latest
          ? mergeLayout(defaultLayout(geometry, fields), latest.fields)
          : defaultLayout(geometry, fields),
        images: Object.fromEntries(SIDES.map((side, i) => [side, images[i] !== undefined])),
        can_design: can(caller.grants, "Template", "Create Design"),
      },
    };
  });

  app.get("/templates/:id/designs", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    const caller = await callerOf(request, reply, id);
    await templateFor(caller, "Read", id);
    const rows = await app.db
      .select({ design: template_designs, created_by_name: users.name })
      .from(template_designs)
      .leftJoin(users, eq(users.id, template_designs.created_by))
      .where(and(eq(template_designs.tenant_id, caller.tenantId), eq(template_designs.template_id, id)))
      .orderBy(desc(template_designs.design_version))
      .limit(100);
    return { data: rows.map((r) => designRecord(r.design, r.created_by_name)) };
  });

  app.get("/templates/:id/designs/:version/preview", hidden, async (request, reply) => {
    const params = request.params as { id: string; version: string };
    const id = pathId(params.id);
    const version = pathId(params.version);
    const back = (request.query as Record<string, unknown>).side === "back";
    const caller = await callerOf(request, reply, id);
    await templateFor(caller, "Read", id);
    const [row] = await app.db
      .select({ key: back ? template_designs.back_preview_key : template_designs.preview_key })
      .from(template_designs)
      .where(
        and(
          eq(template_designs.tenant_id, caller.tenantId),
          eq(template_designs.template_id, id),
          eq(template_designs.design_version, version),
        ),
      );
    return sendPng(reply, row?.key ? await readStored(filesDir, row.key) : undefined);
  });

  app.post("/templates/:id/designs", { bodyLimit: 4 * 1024 * 1024, ...hidden }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    const caller = await callerOf(request, reply, id);
    requireDesigner(caller);
    const { geometry, fields: declared } = await templateFor(caller, "Read", id);
    const body = parseBody(designBody, request.body);
    const problems = designProblems(geometry, declared, body.fields);
    if (problems.length > 0) throw validationFailed(problems);
    const preview = await previewBytes(body.preview_png, "preview_png");
    // A template with fields on its back has a back to show: its preview comes too.
    const hasBack = declared.some((f) => f.side === "back");
    if (hasBack && body.preview_back_png === undefined) {
      throw fieldError(
        "preview_back_png",
        "Send the back's preview too: this template has fields on its back",
      );
    }
    const backPreview =
      hasBack && body.preview_back_png !== undefined
        ? await previewBytes(body.preview_back_png, "preview_back_png")
        : undefined;
    const version = body.base_version + 1;
    const key = await storeFile(filesDir, caller.tenantId, "png", preview);
    const backKey = backPreview && (await storeFile(filesDir, caller.tenantId, "png", backPreview));
    try {
      const saved = await app.db.transaction(async (tx) => {
        const [latest] = await tx
          .select({ v: template_designs.design_version })
          .from(template_designs)
          .where(and(eq(template_designs.tenant_id, caller.tenantId), eq(template_designs.template_id, id)))
          .orderBy(desc(template_designs.design_version))
          .limit(1);
        if ((latest?.v ?? 0) !== body.base_version) throw stale(latest?.v ?? 0);
        const [row] = await tx
          .insert(template_designs)
          .values({
            tenant_id: caller.tenantId,
            template_id: id,
            design_version: version,
            fields: mergeLayout(defaultLayout(geometry, declared), body.fields),
            preview_key: key,
            preview_size: preview.length,
            back_preview_key: backKey ?? null,
            back_preview_size: backPreview?.length ?? null,
            created_by: caller.userId,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw stale(version);
        const templateVersion = await recordOnTemplate(tx, caller, id, version);
        return { row, templateVersion };
      });
      reply.code(201);
      return { data: { ...designRecord(saved.row, null), template_version: saved.templateVersion } };
    } catch (error) {
      await removeStored(filesDir, ...(backKey ? [key, backKey] : [key]));
      throw error;
    }
  });
}

const stale = (latest: number) =>
  new HttpError(
    409,
    `Design version ${latest} was saved meanwhile: reopen the design editor to start from it, then make your change again.`,
  );

/** A preview's PNG bytes (base64, a data: prefix allowed), refused unless a whole PNG of at most 2 MB. */
async function previewBytes(base64: string, field: string) {
  const bytes = Buffer.from(base64.replace(/^data:image\/png;base64,/, ""), "base64");
  await checkPreview(bytes, field);
  return bytes;
}

/**
 * Every declared field's place on its side: the design's where it has one, else where it starts. The
 * side is the template's (a design saved before sides existed has none and was all front).
 */
function mergeLayout(start: DesignField[], placed: DesignField[]): DesignField[] {
  const byName = new Map(placed.map((f) => [f.name, f]));
  return start.map((f) => {
    const p = byName.get(f.name);
    return p
      ? { name: f.name, value: p.value, side: f.side, x: p.x, y: p.y, width: p.width, height: p.height }
      : f;
  });
}

const previewPath = (templateId: number, version: number) =>
  `templates/${templateId}/designs/${version}/preview`;

function designRecord(row: typeof template_designs.$inferSelect, createdByName: string | null) {
  return {
    id: row.id,
    template_id: row.template_id,
    design_version: row.design_version,
    fields: row.fields,
    preview_url: previewPath(row.template_id, row.design_version),
    preview_size: row.preview_size,
    back_preview_url: row.back_preview_key
      ? `${previewPath(row.template_id, row.design_version)}?side=back`
      : null,
    back_preview_size: row.back_preview_size,
    created_by: row.created_by,
    created_by_name: createdByName,
    created_at: row.created_at,
  };
}
