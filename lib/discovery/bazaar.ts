/**
 * Bazaar discovery metadata (the x402 `bazaar` extension) for an operation,
 * advertised in its 402 so facilitators and indexers can catalogue it.
 *
 * @module
 */
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { type AnyOperation, inputJsonSchema, pathParamNames } from "../operation/mod.ts";

/** The `extensions` object advertising `operation` in its payment requirement. */
export function discoveryExtension(operation: AnyOperation): Record<string, unknown> {
  const schema = inputJsonSchema(operation);
  const example = operation.example ?? {};
  const pathParams = Object.fromEntries(pathParamNames(operation).map((name) => [name, example[name] ?? ""]));
  const input = Object.fromEntries(Object.entries(example).filter(([name]) => !(name in pathParams)));
  // The output schema stays in /openapi.json: every 402 carries this, so it stays small.
  const declared = operation.method === "GET"
    ? declareDiscoveryExtension({ input, inputSchema: schema, pathParams })
    : declareDiscoveryExtension({ input, inputSchema: schema, pathParams, bodyType: "json" });
  const bazaar = declared.bazaar as { info: { input: Record<string, unknown> } };
  bazaar.info.input.method = operation.method;
  return declared;
}
