import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { z } from "zod";

// argon2id with the library's defaults (19 MiB, 2 passes, OWASP's baseline).

export const PASSWORD_MIN_LENGTH = 10;
// Hashing cost grows with input; nobody types more than this.
export const PASSWORD_MAX_LENGTH = 1024;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Checked against when there is no account (or no password), so that a wrong
// email takes as long to refuse as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("pressroom-timing-equaliser");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
