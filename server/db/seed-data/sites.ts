import { defineSeed, ref } from "./define";

// The sites themselves come with the identity seed (server/db/seed.ts); the corporate portal serves Acme.
export default defineSeed({
  async after({ full, update }) {
    if (full) await update("Site", "Acme Corporate Portal", { customer_id: ref("Customer", "ACME") });
  },
});
