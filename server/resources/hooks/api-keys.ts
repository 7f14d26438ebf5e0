import { defineHooks } from "../hooks";
import { secretPrefix } from "../secrets";

// An API key's `prefix` is the visible start of its secret, so people can tell keys apart
// (and a caller's key can be found by it): taken from the stored form when the key is made.
export default defineHooks({
  compute(values, previous) {
    if (previous === null && typeof values.secret === "string") values.prefix = secretPrefix(values.secret);
  },
});
