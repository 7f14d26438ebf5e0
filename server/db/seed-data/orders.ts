import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): the orders of the last 60 days, with their items in every status of the item flow.
export default defineSeed({ rows: (ctx) => historyOf(ctx).orders });
