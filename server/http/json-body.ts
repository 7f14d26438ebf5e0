import type { FastifyInstance } from "fastify";

// JSON bodies as Fastify reads them (secure-json-parse: __proto__ and constructor.prototype keys
// refused), with one difference: `content-type: application/json` and no bytes at all is a request
// without a body, not a 400. Some clients send the header on every request, DELETE included; a
// route that needs a body still refuses the missing one through its own body schema.
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    // parseAs "string": the body is text.
    const text = body as string;
    if (text === "") return done(null, undefined);
    parseJson(request, text, done);
  });
}
