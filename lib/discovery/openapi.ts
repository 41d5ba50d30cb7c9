/**
 * The OpenAPI 3.1 document, generated from the operation registry: every
 * operation on each rail it is sold on, its input and output schemas, its
 * price (`x-payment-info`) and the 402 and error responses.
 *
 * @module
 */
import type { AnyOperation, BinaryInput, SoldOn } from "../operation/mod.ts";
import type { PaymentRail } from "../payments/rails.ts";
import { SERVICE_NAME, VERSION } from "../version.ts";
import {
  inputJsonSchema,
  type JsonSchema,
  openApiPath,
  outputJsonSchema,
  pathParamNames,
} from "../operation/mod.ts";

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input (nothing is charged)",
  "404": "Not found (nothing is charged)",
  "413": "Request body over the operation's size cap",
  "415": "Unsupported Content-Type",
  "422": "Input well-formed but not processable",
  "502": "Upstream (RPC or facilitator) error; retry later",
  "503": "Busy or a dependency is unavailable; see Retry-After",
  "504": "Upstream or time budget ran out; see Retry-After",
};

/** Builds the OpenAPI document for the service at `base`. */
export function openApiDocument(base: string, soldOn: readonly SoldOn[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { prefix, rail, operations } of soldOn) {
    for (const operation of operations) {
      const path = prefix + openApiPath(operation.path);
      (paths[path] ??= {})[operation.method.toLowerCase()] = describeOperation(operation, rail, prefix);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE_NAME,
      version: VERSION,
      description:
        "Pay-per-request Solana diagnostics for agents: why a transaction failed and what to do next, " +
        "simulation, priority fees, token mint risk, plus PDF to Markdown and audio loudness normalisation. Every " +
        "paid call answers 402 with an x402 v2 requirement; pay in USDC and retry with PAYMENT-SIGNATURE. " +
        `See ${base}/guides/how-to-pay.`,
    },
    servers: [{ url: base }],
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error", "requestId", "timestamp"],
          properties: {
            error: { type: "string", description: "What went wrong and what to do" },
            requestId: { type: "string" },
            timestamp: { type: "string", format: "date-time" },
          },
        },
      },
      headers: {
        "PAYMENT-REQUIRED": {
          description: "Base64 JSON of the x402 v2 PaymentRequired object",
          schema: { type: "string" },
        },
        "PAYMENT-RESPONSE": {
          description: "Base64 JSON of the x402 settlement response",
          schema: { type: "string" },
        },
      },
    },
  };
}

function describeOperation(
  operation: AnyOperation,
  rail: PaymentRail,
  prefix: string,
): Record<string, unknown> {
  const input = inputJsonSchema(operation);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const pathParams = pathParamNames(operation);
  const parameters = pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name],
  }));
  const bodyProperties = Object.fromEntries(
    Object.entries(properties).filter(([name]) => !pathParams.includes(name)),
  );
  if (operation.method === "GET") {
    for (const [name, schema] of Object.entries(bodyProperties)) {
      const array = schema.type === "array";
      parameters.push(
        {
          name,
          in: "query",
          required: required.has(name),
          schema,
          ...(array ? { style: "form", explode: true } : {}),
        } as (typeof parameters)[number],
      );
    }
  }
  const error = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const responses: Record<string, unknown> = {
    "200": {
      description: "Success; paid responses carry PAYMENT-RESPONSE",
      headers: { "PAYMENT-RESPONSE": { $ref: "#/components/headers/PAYMENT-RESPONSE" } },
      content: {
        "application/json": { schema: outputJsonSchema(operation) },
        ...(operation.binaryOutput
          ? {
            [operation.binaryOutput.accept]: {
              schema: { type: "string", contentMediaType: "application/octet-stream" },
            },
          }
          : {}),
      },
    },
    "402": {
      ...error(`Payment required: ${operation.price} in USDC on ${rail.label}, or the payment was refused`),
      headers: { "PAYMENT-REQUIRED": { $ref: "#/components/headers/PAYMENT-REQUIRED" } },
    },
  };
  for (const [status, description] of Object.entries(ERROR_RESPONSES)) responses[status] = error(description);
  const bodySchema = {
    type: "object",
    properties: bodyProperties,
    required: [...required].filter((n) => n in bodyProperties),
    additionalProperties: false,
  };
  return {
    operationId: prefix ? `${operation.id}_alt` : operation.id,
    summary: operation.summary,
    description:
      `${operation.description}\n\nPrice: ${operation.price} in USDC on ${rail.label} (${rail.network}).`,
    tags: [rail.label],
    parameters,
    ...(operation.method === "POST"
      ? { requestBody: { required: true, content: requestContent(operation, bodySchema) } }
      : {}),
    responses,
    "x-payment-info": {
      protocol: "x402",
      x402Version: 2,
      scheme: "exact",
      price: operation.price,
      currency: "USDC",
      network: rail.network,
      asset: rail.asset,
      payTo: rail.payTo,
    },
    "x-mcp-tool": operation.id,
  };
}

function requestContent(operation: AnyOperation, bodySchema: JsonSchema): Record<string, unknown> {
  const content: Record<string, unknown> = { "application/json": { schema: bodySchema } };
  const binary = operation.binary as BinaryInput | undefined;
  if (!binary) return content;
  for (const type of binary.mediaTypes) {
    content[type] = { schema: { type: "string", contentMediaType: "application/octet-stream" } };
  }
  const fields = { ...(bodySchema.properties as Record<string, unknown>) };
  delete fields[binary.field];
  content["multipart/form-data"] = {
    schema: {
      type: "object",
      required: ["file"],
      properties: { file: { type: "string", contentMediaType: "application/octet-stream" }, ...fields },
    },
  };
  return content;
}
