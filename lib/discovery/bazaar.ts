/**
 * Bazaar discovery metadata (the x402 `bazaar` extension) for an operation,
 * advertised in its 402 so facilitators and indexers can catalogue it: what
 * the resource takes (`info`) and the JSON Schema of that description
 * (`schema`), for an HTTP route or an MCP tool.
 *
 * Built here as plain data, the same objects `declareDiscoveryExtension` of
 * `@x402/extensions/bazaar` builds (a test compares them for every
 * operation): that module brings a JSON Schema validator and Node's `url`
 * along, several MB that every idle service would hold for a few literals.
 *
 * @module
 */
import { type AnyOperation, inputJsonSchema, pathParamNames } from "../operation/mod.ts";

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * The `extensions` object advertising `operation`'s HTTP route in its payment
 * requirement, as the x402 SDK's resource server sends it: its declaration
 * enriched with the method and, for a route with path parameters, those
 * parameters (here the example's) in both `info` and `schema`, and the
 * route's `routeTemplate` (`/alt/v1/transaction/:signature`, with `prefix`).
 * A `pathParams` in `info` that the schema does not admit fails the
 * facilitator's `validateDiscoveryExtension` (`additionalProperties: false`),
 * and the route is never catalogued. Without the template the facilitator's
 * `extractDiscoveryInfo` catalogues each URL paid (each signature, each mint)
 * as a resource of its own; with it, the route once, at
 * `origin + routeTemplate`.
 */
export function discoveryExtension(operation: AnyOperation, prefix = ""): Record<string, unknown> {
  const names = pathParamNames(operation);
  const schema = withoutProperties(inputJsonSchema(operation), names);
  const example = operation.example ?? {};
  const pathParams = Object.fromEntries(names.map((name) => [name, example[name] ?? ""]));
  const input = Object.fromEntries(Object.entries(example).filter(([name]) => !(name in pathParams)));
  const dynamic = names.length > 0;
  // The output schema stays in /openapi.json: every 402 carries this, so it stays small.
  const query = operation.method === "GET";
  const info = query
    ? { type: "http", queryParams: input, ...(dynamic ? { pathParams } : {}), method: operation.method }
    : {
      type: "http",
      bodyType: "json",
      body: input,
      ...(dynamic ? { pathParams } : {}),
      method: operation.method,
    };
  const properties = query
    ? {
      type: { type: "string", const: "http" },
      method: { type: "string", enum: [operation.method] },
      queryParams: { type: "object", ...schema },
      ...(dynamic ? { pathParams: { type: "object" } } : {}),
    }
    : {
      type: { type: "string", const: "http" },
      method: { type: "string", enum: [operation.method] },
      bodyType: { type: "string", enum: ["json", "form-data", "text"] },
      body: schema,
      ...(dynamic ? { pathParams: { type: "object" } } : {}),
    };
  const required = query ? ["type", "method"] : ["type", "method", "bodyType", "body"];
  const extension = declaration(info, { type: "object", properties, required, additionalProperties: false });
  return dynamic ? { bazaar: { ...extension.bazaar, routeTemplate: prefix + operation.path } } : extension;
}

/** `schema` without the properties `names` (path parameters are not query or body fields). */
export function withoutProperties(schema: Record<string, unknown>, names: readonly string[]) {
  if (names.length === 0) return schema;
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, unknown>).filter(([name]) =>
      !names.includes(name)
    ),
  );
  const required = ((schema.required ?? []) as string[]).filter((name) => !names.includes(name));
  return { ...schema, properties, ...(required.length > 0 ? { required } : { required: undefined }) };
}

/** What an MCP tool's discovery metadata names. */
export interface McpToolDiscovery {
  toolName: string;
  description: string;
  transport: "streamable-http";
  inputSchema: Record<string, unknown>;
  example?: Record<string, unknown>;
}

/** The `extensions` object advertising an MCP tool in its payment requirement. */
export function mcpDiscoveryExtension(tool: McpToolDiscovery): Record<string, unknown> {
  const { toolName, description, transport, inputSchema, example } = tool;
  const info = {
    type: "mcp",
    toolName,
    description,
    transport,
    inputSchema,
    ...(example !== undefined ? { example } : {}),
  };
  const properties = {
    type: { type: "string", const: "mcp" },
    toolName: { type: "string" },
    description: { type: "string" },
    transport: { type: "string", enum: [transport] },
    inputSchema: { type: "object" },
    ...(example !== undefined ? { example: { type: "object" } } : {}),
  };
  return declaration(info, {
    type: "object",
    properties,
    required: ["type", "toolName", "inputSchema"],
    additionalProperties: false,
  });
}

/** The `bazaar` extension: the input description and the JSON Schema it follows. */
function declaration(input: Record<string, unknown>, inputSchema: Record<string, unknown>) {
  return {
    bazaar: {
      info: { input },
      schema: {
        $schema: DRAFT_2020_12,
        type: "object",
        properties: { input: inputSchema },
        required: ["input"],
      },
    },
  };
}
