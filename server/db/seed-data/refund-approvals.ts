import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): refund requests in every state of their approval.
export default defineSeed({ rows: (ctx) => historyOf(ctx).refunds });
