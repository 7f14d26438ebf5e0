import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): paper bought from the merchants, and envelopes for mailings.
export default defineSeed({ rows: (ctx) => historyOf(ctx).purchaseOrders });
