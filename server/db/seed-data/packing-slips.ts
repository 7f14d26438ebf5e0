import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): a packing slip for each order packed to ship.
export default defineSeed({ rows: (ctx) => historyOf(ctx).packingSlips });
