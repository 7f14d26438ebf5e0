import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

// Route schemas (zod) to the OpenAPI document, as fastify-type-provider-zod does, plus one fix.
// @fastify/swagger documents a query string by its `properties`, one parameter each; a free-form
// query (a record: the administration lists read any field filter) has none, so it read the
// schema's own keywords ("type", "description") as parameters whose schema was a string, which
// no OpenAPI validator accepts. Such a query becomes the one form-style object parameter that
// OpenAPI 3 has for "any keys": `filters` is its documented name, the keys are sent bare.

const ERROR_ANSWER_REF = "#/components/schemas/ErrorAnswer";

type JsonSchema = { type?: unknown; properties?: unknown; description?: string; [key: string]: unknown };

export const openApiTransform: SwaggerTransform = (input) => {
  const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const query = output.schema?.querystring as JsonSchema | undefined;
  if (query && query.type === "object" && query.properties === undefined) {
    const { description, ...freeForm } = query;
    output.schema = {
      ...output.schema,
      querystring: {
        type: "object",
        style: "form",
        explode: true,
        properties: { filters: { ...freeForm, ...(description ? { description } : {}) } },
      },
    };
  }
  // A response that is only a reference (the shared error answer) keeps its words in the document.
  const responses = output.schema?.response as Record<string, JsonSchema> | undefined;
  for (const [status, answer] of Object.entries(responses ?? {})) {
    if (answer.$ref === ERROR_ANSWER_REF && responses)
      responses[status] = {
        ...answer,
        description: "An error answer: its message, and the field errors of a 400",
      };
  }
  return output;
};

// Any JSON value (server/resources/json-value.ts) is one component every JSON field refers to.
// Written out it is recursive (a list or an object of JSON values), which client generators print
// as a type that refers to itself (TypeScript refuses it: TS2502); an empty schema is OpenAPI's
// own word for "any value", so the component says that instead.
const ANY_JSON = {
  description: "Any JSON value: text, a number, true or false, a list or an object",
  nullable: true,
};

/** Schemas registered with an id (each kind's record, JSON values, the error answer) as components. */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  for (const id of ["JsonValue", "JsonValueInput"]) if (schemas?.[id]) schemas[id] = ANY_JSON;
  return document;
};
