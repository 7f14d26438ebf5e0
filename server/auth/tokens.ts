import { createHash, randomBytes } from "node:crypto";

// Opaque bearer secrets (sessions, invitations, password resets): 256 random
// bits for the holder, only their sha256 in the database, so a leaked table
// cannot be replayed.

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
