import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TenantSettings } from "../../src/custom/admin/tenant-settings-values";
import { getAuth, requireAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { tenant_settings } from "../db/schema";
import { bucketDir } from "../files/embedded-storage";
import { fieldError, HttpError, notFound } from "../http/errors";
import { writeChangeLogs } from "../resources/change-logs";
import { requireAdmin } from "./require-admin";
import { SETTINGS_LOG_KIND, staleSettings } from "./save-settings";
import { type readSettings, settingsRow } from "./tenant-settings";

// The tenant's logo, kept in the shop-files store (FILES_DIR/shop/logos/):
//   PUT    tenant/settings/logo?version=&name=   the image itself as the body (image/png or image/jpeg, ≤ 1 MB)
//   DELETE tenant/settings/logo?version=
//   GET    tenant/settings/logo                  the image, to any signed-in user of the tenant
// SVG is refused: it is a document that can carry scripts, and no sanitiser makes that safe to
// serve back as the shop's own. The bytes must be what the type says (PNG or JPEG signature).

export const LOGO_MAX_BYTES = 1024 * 1024;
const TYPES: Record<string, { ext: string; magic: number[] }> = {
  "image/png": { ext: "png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  "image/jpeg": { ext: "jpg", magic: [0xff, 0xd8, 0xff] },
};
const REFUSED = "Send the logo as a PNG or JPEG image (SVG is not taken: it can carry scripts)";

/** The caller's tenant and user id. */
function who(request: FastifyRequest) {
  const { tenantId, user } = getAuth(request);
  return { tenantId, userId: user.id };
}

const logoDir = (filesDir: string) => path.join(bucketDir(filesDir, "shop"), "logos");

export interface LogoWrite {
  tx: Database;
  tenantId: number;
  userId: number;
  version: number;
  /** The new logo, or null to remove it. */
  logo: { key: string; name: string; type: string } | null;
}

/** Points the settings at the logo (a row of defaults first if none is stored); answers the old key. */
async function setLogo(
  w: LogoWrite,
  current: TenantSettings,
  defaults: () => Promise<Record<string, unknown>>,
) {
  const { tx, tenantId, userId, version, logo } = w;
  if (version !== current.version) throw staleSettings(current);
  let row = await settingsRow(tx, tenantId);
  if (!row) {
    [row] = await tx
      .insert(tenant_settings)
      .values({ tenant_id: tenantId, ...(await defaults()) } as typeof tenant_settings.$inferInsert)
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new HttpError(409, "The settings were saved meanwhile. Reload them, then change the logo again.");
  }
  const t = tenant_settings;
  const [updated] = await tx
    .update(t)
    .set({
      logo_key: logo?.key ?? null,
      logo_name: logo?.name ?? null,
      logo_type: logo?.type ?? null,
      updated_by: userId,
      updated_at: new Date(),
      version: version + 1,
    })
    .where(and(eq(t.tenant_id, tenantId), eq(t.version, version)))
    .returning({ id: t.id });
  if (!updated)
    throw new HttpError(409, "The settings were saved meanwhile. Reload them, then change the logo again.");
  await writeChangeLogs(tx, SETTINGS_LOG_KIND, [
    {
      tenantId,
      recordId: updated.id,
      action: "update",
      userId,
      changes: { logo: { from: current.logo?.name ?? null, to: logo?.name ?? null } },
    },
  ]);
  return row.logo_key;
}

function versionOf(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown>).version;
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw fieldError("version", "Send the version you read");
  }
  return Number(raw);
}

/** The image's type when its bytes are a PNG or JPEG of the type it claims, else undefined. */
export function imageType(contentType: string | undefined, bytes: Buffer): string | undefined {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const known = TYPES[type];
  return known?.magic.every((b, i) => bytes[i] === b) ? type : undefined;
}

export async function logoRoutes(
  app: FastifyInstance,
  deps: { read: (tenantId: number, db?: Database) => ReturnType<typeof readSettings> },
): Promise<void> {
  const dir = logoDir(app.config.filesDir);
  app.addContentTypeParser(
    Object.keys(TYPES),
    { parseAs: "buffer", bodyLimit: LOGO_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  // Anything else (an SVG, a PDF) is read and refused with the sentence above, not a bare 415.
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: LOGO_MAX_BYTES }, (_r, _body, done) =>
    done(null, null),
  );

  const defaultsOf = (current: TenantSettings) => async () => {
    const { tenant_id, logo, version, updated_at, updated_by, order_number_format, ...values } = current;
    return values;
  };

  const write = async (request: FastifyRequest, logo: LogoWrite["logo"]) => {
    const { tenantId, userId } = who(request);
    const version = versionOf(request);
    // Read inside the transaction, on its connection (PGlite runs one transaction at a time).
    const old = await app.db.transaction(async (tx) => {
      const current = await deps.read(tenantId, tx);
      return setLogo({ tx, tenantId, userId, version, logo }, current, defaultsOf(current));
    });
    if (old) await rm(path.join(dir, old), { force: true });
    return { data: await deps.read(tenantId) };
  };

  app.put(
    "/tenant/settings/logo",
    { onRequest: [requireAuth, requireAdmin], schema: { hide: true } },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw fieldError("logo", REFUSED);
      const type = imageType(request.headers["content-type"], body);
      if (!type) throw fieldError("logo", REFUSED);
      const raw = String((request.query as Record<string, unknown>).name ?? "").trim();
      const name = raw.slice(0, 120) || `logo.${TYPES[type].ext}`;
      const { tenantId } = who(request);
      const key = `t${tenantId}-${randomUUID()}.${TYPES[type].ext}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, key), body);
      try {
        return await write(request, { key, name, type });
      } catch (error) {
        await rm(path.join(dir, key), { force: true });
        throw error;
      }
    },
  );

  app.delete(
    "/tenant/settings/logo",
    { onRequest: [requireAuth, requireAdmin], schema: { hide: true } },
    async (request) => write(request, null),
  );

  app.get(
    "/tenant/settings/logo",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request, reply) => {
      const row = await settingsRow(app.db, who(request).tenantId);
      if (!row?.logo_key || !row.logo_type) throw notFound();
      const bytes = await readFile(path.join(dir, row.logo_key)).catch(() => undefined);
      if (!bytes) throw notFound();
      reply.header("content-type", row.logo_type);
      reply.header("cache-control", "private, max-age=300");
      return reply.send(bytes);
    },
  );
}
