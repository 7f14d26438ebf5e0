import { z } from "zod";

// Any JSON value, as one schema registered under an id. z.json() is recursive; each call is a new
// cycle, and an unregistered cycle comes out of the OpenAPI generation as a $ref to a component
// that does not exist (`__shared#/definitions/schemaN`). Registered once, every JSON field of
// every kind refers to #/components/schemas/JsonValue (JsonValueInput in bodies) instead.
export const jsonValue = z.json({ error: "Expected a JSON value" });
z.globalRegistry.add(jsonValue, { id: "JsonValue", description: "Any JSON value" });
