import { Readable } from "node:stream";
import { and } from "drizzle-orm";
import { z } from "zod";
import { getAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import { allow, visibleRows } from "./caller-scope";
import { exportCsv } from "./csv-export";
import type { KindContext } from "./kind-context";
import { resourceSchemas } from "./openapi";
import { parseListQuery } from "./query-language";
import { BEARER } from "./record-routes";

// GET {path}/export.csv: the list's query (filters, search, sort; not its page) as a CSV file,
// streamed (csv-export.ts), within what the caller may read.

export function exportRoute({ app, registry, model }: KindContext): void {
  app.get(
    "/export.csv",
    {
      onRequest: allow(model, "Read"),
      schema: {
        summary: `Export ${model.plural} as CSV`,
        description: "The list's filters, search and sort (not its page), up to 100,000 rows.",
        tags: [model.resource.label],
        security: BEARER,
        querystring: resourceSchemas(model).exportQuery,
        response: {
          200: { description: "CSV, header = field labels", content: { "text/csv": { schema: z.string() } } },
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(model, request.query);
      const csv = exportCsv({
        db: app.db,
        registry,
        model,
        tenantId: getAuth(request).tenantId,
        where: and(visibleRows(model, request), ...query.conditions),
        sort: query.sort,
      });
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${model.resource.path}.csv"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(csv));
    },
  );
}
