// The test of each accessibility spec file (a11y-pages-1 and -2, one per Playwright worker): its part of every
// page of the app, 0 serious or critical axe violations, and every page rendered as its route promises.
import { expect, test } from "@playwright/test";
import { axePart, report } from "./axe-pass";

/**
 * Routes of the tree the pass does not visit, with the reason. Every other route is visited; one whose params
 * cannot be filled from the API and is missing here fails the pass.
 */
export const CANNOT_VISIT: Readonly<Record<string, string>> = {
  "/attributes/:id/edit":
    "it leads to /attributes/:id (the attribute page edits in place), which the pass visits",
};

export const PARTS = 2;

export function axeSpec(part: number) {
  test(`axe: pages part ${part + 1} of ${PARTS}, 0 serious or critical violations`, async ({
    browser,
    request,
    baseURL,
  }) => {
    // About 125 pages a part: 4.5-5.5 minutes each, run alone, on two cores shared with other work (load 10-15),
    // longer beside the other e2e files there. A11Y_TIMEOUT (ms) sets another limit.
    test.setTimeout(Number(process.env.A11Y_TIMEOUT ?? 600_000));
    const started = Date.now();
    const result = await axePart({
      browser,
      request,
      baseURL: baseURL ?? "",
      part,
      parts: PARTS,
      cannotVisit: CANNOT_VISIT,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    test
      .info()
      .annotations.push(
        { type: "pages checked", description: `${result.visited} in ${seconds} s` },
        ...result.unvisited.map((description) => ({ type: "not visited", description })),
        { type: "spec routes without a page yet", description: result.noPage.join(", ") },
      );
    console.log(`axe part ${part + 1}: ${result.visited} pages in ${seconds} s`);
    expect(result.problems, "pages that did not render as their route promises").toEqual([]);
    expect(result.findings.length, report(result)).toBe(0);
  });
}
