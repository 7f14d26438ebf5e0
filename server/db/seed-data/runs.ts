import { defineSeed } from "./define";
import { historyOf } from "./history";

// From the demo shop's generated history (history/index.ts): the gang forms, digital batches, nests and dedicated runs holding the batched items.
export default defineSeed({ rows: (ctx) => historyOf(ctx).runs });
