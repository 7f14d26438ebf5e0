import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The design editor's pass (README "Design editor contract"): the app asks the server for a token
// naming the tenant, the user and the template, hands it to the editor in the URL, and the editor
// sends it back (X-Design-Token) to read the template and save a design. It is signed (HMAC-SHA256)
// and lives DESIGN_TOKEN_TTL_SECONDS; the user's permissions are checked again on every use.

export const DESIGN_TOKEN_TTL_SECONDS = 60 * 60;

export interface DesignPass {
  tenantId: number;
  userId: number;
  templateId: number;
  expires: number;
}

const PROCESS_KEY = randomBytes(32).toString("hex");

export function designTokens(secret: string | undefined) {
  const key = secret ?? PROCESS_KEY;
  const mac = (body: string) => createHmac("sha256", key).update(`design.${body}`).digest("base64url");
  return {
    sign(pass: Omit<DesignPass, "expires">, now = Date.now()): { token: string; expires_at: string } {
      const expires = Math.floor(now / 1000) + DESIGN_TOKEN_TTL_SECONDS;
      const body = `${pass.tenantId}.${pass.userId}.${pass.templateId}.${expires}`;
      return { token: `${body}.${mac(body)}`, expires_at: new Date(expires * 1000).toISOString() };
    },
    /** The pass a token carries, or "expired" / "invalid". */
    check(token: string, now = Date.now()): DesignPass | "expired" | "invalid" {
      const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return "invalid";
      const body = `${match[1]}.${match[2]}.${match[3]}.${match[4]}`;
      const want = Buffer.from(mac(body));
      const got = Buffer.from(match[5]);
      if (got.length !== want.length || !timingSafeEqual(got, want)) return "invalid";
      if (Number(match[4]) * 1000 < now) return "expired";
      return {
        tenantId: Number(match[1]),
        userId: Number(match[2]),
        templateId: Number(match[3]),
        expires: Number(match[4]),
      };
    },
  };
}
