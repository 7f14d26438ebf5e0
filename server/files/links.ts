import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Download links that expire: /api/v1/files/{id}?expires={unix s}&sig={hmac}. The signature covers
// the file, its tenant and the expiry, so a link can be neither moved to another file nor extended.

export const LINK_TTL_SECONDS = 15 * 60;
export const PROOF_LINK_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface LinkSigner {
  /** `ttlSeconds`: the link's life (a proof mailed to a customer lives for PROOF_LINK_TTL_SECONDS). */
  sign(
    fileId: number,
    tenantId: number,
    now?: number,
    ttlSeconds?: number,
  ): { url: string; expires_at: string };
  /** "ok", "expired" or "invalid" for a link's query. */
  check(
    fileId: number,
    tenantId: number,
    expires: string,
    sig: string,
    now?: number,
  ): "ok" | "expired" | "invalid";
}

/** Without FILE_LINK_SECRET: one key for the process, so every route's links check alike. */
const PROCESS_KEY = randomBytes(32).toString("hex");

/**
 * `part`: a link to a part of the file rather than the file ("thumbnail": /files/{id}/thumbnail), signed
 * apart, so that a thumbnail's link never opens the file itself.
 */
export function linkSigner(
  secret: string | undefined,
  basePath = "/api/v1/files",
  part?: "thumbnail",
): LinkSigner {
  const key = secret ?? PROCESS_KEY;
  const mac = (fileId: number, tenantId: number, expires: number) =>
    createHmac("sha256", key)
      .update(`${part ? `${part}:` : ""}${fileId}.${tenantId}.${expires}`)
      .digest("base64url");
  return {
    sign(fileId, tenantId, now = Date.now(), ttlSeconds = LINK_TTL_SECONDS) {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return {
        url: `${basePath}/${fileId}${part ? `/${part}` : ""}?expires=${expires}&sig=${mac(fileId, tenantId, expires)}`,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },
    check(fileId, tenantId, expires, sig, now = Date.now()) {
      if (!/^\d{1,12}$/.test(expires)) return "invalid";
      const want = Buffer.from(mac(fileId, tenantId, Number(expires)));
      const got = Buffer.from(sig);
      if (got.length !== want.length || !timingSafeEqual(got, want)) return "invalid";
      return Number(expires) * 1000 < now ? "expired" : "ok";
    },
  };
}
