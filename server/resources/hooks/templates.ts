import { defineHooks } from "../hooks";
import { checkTemplateMove } from "./site-ties";

// Templates: one stays on its site while that site's products or orders link it (site-ties.ts).
export default defineHooks({
  async afterWrite({ tx, tenantId, action, record, previous }) {
    if (action === "update" && record) await checkTemplateMove(tx, tenantId, record, previous);
  },
});
