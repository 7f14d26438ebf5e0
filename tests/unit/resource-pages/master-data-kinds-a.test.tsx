// Issue #5's master-data kinds (first half: two files, so both test workers take a share) through
// the generated pages: list, show, create, delete, and an edit through a conflict (kind-page-flow.tsx).
import { cleanup } from "@testing-library/react";
import { afterEach, describe, it, vi } from "vitest";
import { clearProfile } from "../../../src/auth/profile-store";
import { MASTER_DATA } from "../resources/master-data";
import { walkKindPages } from "./kind-page-flow";

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  clearProfile();
});

describe.each(MASTER_DATA.slice(0, 11))("%s through the generated pages", (kind) => {
  it("lists, shows, creates, deletes, and edits through a conflict", () => walkKindPages(kind));
});
