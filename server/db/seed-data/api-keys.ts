import { randomBytes } from "node:crypto";
import { secretPrefix, storedFormOf } from "../../resources/secrets";
import { defineSeed, type SeedRow } from "./define";

// The keys machine callers use. Each secret is random and stored only in the engine's form
// (prefix and SHA-256, as secrets.ts makes it); the plaintext is dropped at once and never shown,
// so no seeded key can be used: to call the API, create a key (its answer shows the secret once).
// name, scopes, days until it expires (null: never), revoked days ago, last used hours ago
type Key = [string, string[], number | null, number | null, number | null];

const SHOP: Key[] = [
  ["Storefront sync", ["orders:read", "orders:write", "products:read", "customers:read"], null, null, 0.2],
  ["Prinergy hot folder", ["orders:read", "runs:read", "runs:write"], 180, null, 1.5],
  ["Avanti nightly export", ["orders:read", "transactions:read", "customers:read"], 365, null, 9],
  ["Old storefront plugin", ["orders:read", "orders:write"], null, 20, 700],
];

const SMALL_SHOP: Key[] = [["Website orders", ["orders:write"], null, null, 30]];

const DAY = 86_400_000;

export default defineSeed({
  rows: ({ full, now }) =>
    (full ? SHOP : SMALL_SHOP).map(([name, scopes, expiresIn, revokedAgo, usedAgo]): SeedRow => {
      const stored = storedFormOf(randomBytes(32).toString("base64url"));
      return {
        name,
        prefix: secretPrefix(stored),
        secret: stored,
        scopes,
        expires_at: expiresIn === null ? null : new Date(now.getTime() + expiresIn * DAY),
        revoked_at: revokedAgo === null ? null : new Date(now.getTime() - revokedAgo * DAY),
        last_used_at: usedAgo === null ? null : new Date(now.getTime() - usedAgo * 3_600_000),
        $createdAt: new Date(now.getTime() - (usedAgo ?? 30) * 3_600_000 - 40 * DAY),
      };
    }),
});
