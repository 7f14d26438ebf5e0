import { dropListRows, listIntakeRoutes } from "../../mail/list-intake-routes";
import { defineHooks } from "../hooks";

// A mailing list's uploaded rows live in list_records (server/mail/list-intake-routes.ts): its
// intake routes hang under /lists/{id}, and deleting the list deletes them in the same transaction.
export default defineHooks({
  routes: listIntakeRoutes,
  async afterWrite({ tx, tenantId, action, previous }) {
    if (action === "delete" && previous) await dropListRows(tx, tenantId, previous.id as number);
  },
});
