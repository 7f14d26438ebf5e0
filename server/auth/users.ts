import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { users } from "../db/schema";
import type { UserRow } from "./sessions";

/** Emails compare without regard to case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user ?? null;
}

/** The columns an update sets besides its own: a newer updated_at and the next version. */
export const touched = () => ({ updated_at: new Date(), version: sql`${users.version} + 1` });
