// The customer-service and press accounts walk their whole sidebar by clicking (sidebar-walk.ts): each list is
// their own, and every reference is named, not "#<id>".
import { test } from "@playwright/test";
import { walkSidebar } from "./sidebar-walk";
import { signedInAs } from "./sign-in";

for (const email of ["csr@pressroom.test", "press@pressroom.test"]) {
  test(`${email} walks every sidebar entry in a random order and sees names, not ids`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInAs(page, email);
    await walkSidebar(page, request, { placeholders: true });
  });
}
