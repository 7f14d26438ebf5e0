import { and, count, eq } from "drizzle-orm";
import { group_sites } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { defineHooks } from "../hooks";

// Sites are also the identity model's: a group (a membership) counts for a tenant through its
// sites, and group_sites would silently cascade. Deleting a site that memberships use is
// refused, so nobody loses their access by accident.
export default defineHooks({
  async beforeDelete({ tx, tenantId, record }) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(group_sites)
      .where(and(eq(group_sites.tenant_id, tenantId), eq(group_sites.site_id, record.id as number)));
    if (n > 0) {
      throw new HttpError(
        409,
        `This site is still used by ${n} ${n === 1 ? "group" : "groups"}. Take it out of their memberships first.`,
      );
    }
  },
});
