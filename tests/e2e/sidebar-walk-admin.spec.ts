// The administrator walks every sidebar entry by clicking, in a random order (sidebar-walk.ts): each list shows
// its own rows and total, with no error banner and no false empty list.
import { test } from "@playwright/test";
import { walkSidebar } from "./sidebar-walk";
import { signedInAs } from "./sign-in";

test("the administrator walks every sidebar entry in a random order", async ({ page, request }) => {
  test.setTimeout(240_000);
  await signedInAs(page, "admin@pressroom.test");
  await walkSidebar(page, request, { placeholders: false });
});
