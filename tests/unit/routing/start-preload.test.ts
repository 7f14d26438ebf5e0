import { describe, expect, it } from "vitest";
import { startPageOf } from "../../../src/routing/start-preload";

// Which page's code a signed-in start fetches beside the profile (src/routing/start-preload.ts).
describe("startPageOf", () => {
  it.each([
    ["/orders", "list"],
    ["/orders/", "list"],
    ["/vendors", "list"],
    // A drawer kind's create, show and edit open over its list.
    ["/vendors/12", "list"],
    ["/vendors/create", "list"],
    // A kind with pages of its own: the record's page.
    ["/orders/5", "record"],
    ["/mail-orders/3/edit", "record"],
  ])("%s → %s", (path, page) => {
    expect(startPageOf(path)).toBe(page);
  });

  it.each(["/", "/profile", "/roles", "/no/such/page", "/orderscape"])(
    "%s → none of the generic pages",
    (path) => {
      expect(startPageOf(path)).toBeUndefined();
    },
  );
});
