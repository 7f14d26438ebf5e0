// The accessibility pass, part 2 of 2 (tests/e2e/a11y/axe-spec.ts).
import { axeSpec } from "./a11y/axe-spec";

axeSpec(1);
