import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// Generated secrets (an API key's): 32 random bytes in base64url, shown once in the create
// answer. Only "{first 8 characters}.{SHA-256 hex}" is stored: the prefix lets people (and a
// kind's hooks, e.g. an API key's `prefix` field) tell keys apart and find the one a caller
// presents; the hash checks it. The plaintext cannot be recovered from what is stored.

export const SECRET_PREFIX_LENGTH = 8;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export interface GeneratedSecret {
  /** What the caller gets, once. */
  plain: string;
  /** What the database keeps. */
  stored: string;
}

export function generateSecret(): GeneratedSecret {
  const plain = randomBytes(32).toString("base64url");
  return { plain, stored: storedFormOf(plain) };
}

export function storedFormOf(plain: string): string {
  return `${plain.slice(0, SECRET_PREFIX_LENGTH)}.${sha256(plain)}`;
}

/** The plain prefix kept with a stored secret (base64url has no ".", so it splits cleanly). */
export function secretPrefix(stored: string): string {
  return stored.split(".")[0] ?? "";
}

/** Whether a presented plaintext is the secret stored as `stored` (constant-time on the hash). */
export function secretMatches(plain: string, stored: string): boolean {
  const expected = Buffer.from(stored);
  const actual = Buffer.from(storedFormOf(plain));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
