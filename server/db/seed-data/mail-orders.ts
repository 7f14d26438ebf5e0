import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): a mail order, with its drops, for each item that mails to lists or EDDM routes.
export default defineSeed({ rows: (ctx) => historyOf(ctx).mailOrders });
