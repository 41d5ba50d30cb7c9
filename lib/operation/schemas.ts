/**
 * JSON Schemas of operations, derived from their zod schemas, for OpenAPI,
 * MCP tool listings and discovery metadata.
 *
 * @module
 */
import { z } from "zod";
import type { AnyOperation } from "./define.ts";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** The envelope fields every JSON response carries. */
export const envelopeShape = {
  requestId: z.string().describe("The request's id, also in the X-Request-Id header"),
  timestamp: z.string().describe("When the response was made (ISO 8601)"),
};

/** JSON Schema of a zod schema, as the client sends (`input`) or receives (`output`) it. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Names of the path parameters in an operation's path (`:signature` → `signature`). */
export function pathParamNames(operation: AnyOperation): string[] {
  return [...operation.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** JSON Schema of the whole input (path params, query or body) as one object. */
export function inputJsonSchema(operation: AnyOperation): JsonSchema {
  return jsonSchemaOf(operation.input.strict(), "input");
}

/** JSON Schema of the response body: the output plus the envelope. */
export function outputJsonSchema(operation: AnyOperation): JsonSchema {
  const output = operation.output;
  const withEnvelope = output instanceof z.ZodObject ? output.extend(envelopeShape) : output;
  return jsonSchemaOf(withEnvelope, "output");
}

/** The OpenAPI/MCP path of an operation (`:name` → `{name}`). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}
