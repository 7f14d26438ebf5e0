import { describe, expect, it } from "vitest";
import { FILEMAKER_LAYOUTS } from "../../../src/custom/tools/filemaker-layouts";
import { apiQuery, readQuery, writeQuery } from "../../../src/custom/tools/filemaker-query";

// A FileMaker page's query in the URL: read with the layout's defaults (bad values fall back to
// them), written back without the defaults, and sent to the API with filters as f.{field}.

const heartland = FILEMAKER_LAYOUTS["heartland-dashboard"];

describe("FileMaker page query", () => {
  it.each([
    ["", { q: "", filters: {}, sort: "drop_date", order: "asc", page: 1, pageSize: 25 }],
    [
      "q=Naperville&f.state=IL&f.status=Mailed&sort=pieces&order=desc&page=3&pageSize=50",
      {
        q: "Naperville",
        filters: { state: "IL", status: "Mailed" },
        sort: "pieces",
        order: "desc",
        page: 3,
        pageSize: 50,
      },
    ],
    [
      "sort=password&order=sideways&page=-2&pageSize=7&f.secret=x",
      { q: "", filters: {}, sort: "drop_date", order: "asc", page: 1, pageSize: 25 },
    ],
    [
      "page=2.5&pageSize=1000",
      { q: "", filters: {}, sort: "drop_date", order: "asc", page: 1, pageSize: 25 },
    ],
  ])("?%s", (search, expected) => {
    expect(readQuery(heartland, new URLSearchParams(search))).toEqual(expected);
  });

  it("writes only what differs from the defaults and sends the filters as f.{field}", () => {
    const query = readQuery(heartland, new URLSearchParams("q=%20smile%20&f.status=On%20hold&page=2"));
    expect(writeQuery(heartland, query).toString()).toBe("q=smile&f.status=On+hold&page=2");
    expect(writeQuery(heartland, readQuery(heartland, new URLSearchParams())).toString()).toBe("");
    expect(apiQuery(query)).toEqual({
      q: "smile",
      "f.status": "On hold",
      sort: "drop_date",
      order: "asc",
      page: 2,
      pageSize: 25,
    });
  });
});
