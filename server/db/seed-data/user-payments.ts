import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): the payments of the orders: cards at checkout, checks and ACH against invoices.
export default defineSeed({ rows: (ctx) => historyOf(ctx).payments });
