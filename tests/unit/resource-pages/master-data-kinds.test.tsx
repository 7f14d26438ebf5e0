// Issue #5's master-data kinds through the generated pages. What differs from kind to kind is its declaration:
// every kind is checked for what its pages take from it (the title in the list, the required fields in the form and
// on the record's page) and has its create form filled and sent (fillCreateForm). The pages themselves are the same
// for every kind, so three kinds (below) walk them whole: list, show, create, delete, and an edit through a conflict
// (kind-page-flow.tsx). Until issue 17 every kind walked them, 22 walks of the whole app: a sixth of the unit run.
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Kind } from "../../../src/access/kinds";
import { clearProfile } from "../../../src/auth/profile-store";
import { resourceOf } from "../../../src/resource-engine/registry";
import { MASTER_DATA } from "../resources/master-data";
import { fillCreateForm, walkKindPages } from "./kind-page-flow";

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  clearProfile();
});

describe.each(MASTER_DATA)("%s", (kind) => {
  const resource = resourceOf(kind);

  it("declares what its pages show and ask: the title in the list, the required fields in the form and on its page", () => {
    if (!resource) throw new Error(`${kind} is not declared`);
    const title = resource.fields[resource.titleField];
    expect(title?.type, `${kind}'s title field ${resource.titleField}`).toBe("text");
    expect(resource.list).toContain(resource.titleField);
    expect(resource.form.flat()).toContain(resource.titleField);
    const required = Object.entries(resource.fields).filter(([, f]) => f.required && !f.readOnly);
    for (const [name, field] of required) {
      expect(field.label?.trim(), name).toBeTruthy();
      expect(resource.show.flat(), `${name} on the record's page`).toContain(name);
      if (field.default === undefined) expect(resource.form.flat(), `${name} in the form`).toContain(name);
    }
  });

  it("creates a record from its form's required fields, sent as typed", () => fillCreateForm(kind));
});

// Chosen for what their pages hold: a required reference (Equipment), a required enum and money (Service), a kind
// open to every signed-in user with related records on its page (Site).
const WALKED: Kind[] = ["Equipment", "Service", "Site"];

describe.each(WALKED)("%s through the generated pages", (kind) => {
  it("lists, shows, creates, deletes, and edits through a conflict", () => walkKindPages(kind));
});
