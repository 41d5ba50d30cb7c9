/**
 * The OpenAPI 3.1 document, generated from the operation registry: every
 * operation on each rail it is sold on, its input and output schemas, its
 * price (`x-payment-info`) and the 402 and error responses.
 *
 * @module
 */
import {
  type AnyOperation,
  type BinaryInput,
  type Catalog,
  inputJsonSchema,
  type JsonSchema,
  openApiPath,
  outputJsonSchema,
  pathParamNames,
} from "../operation/mod.ts";
import { freePaths } from "./openapi_free.ts";

/** Each operation's real answer, recorded on a local-mode service by `deno task examples`. */
const RESPONSE_EXAMPLES: Record<string, unknown> = responseExamples;

const EXAMPLE_REQUEST_ID = "3f2c8a9e-6b1d-4f57-9a0e-5c2b7d1e4a60";
const EXAMPLE_TIMESTAMP = "2026-01-01T00:00:00.000Z";
import type { PaymentRail } from "../payments/mod.ts";
import { SERVICE_NAME, VERSION } from "../server/version.ts";
import responseExamples from "./response_examples.json" with { type: "json" };

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

/** Error statuses every paid operation can answer: bad input, and its dependencies' trouble. */
const COMMON_STATUSES = ["400", "502", "503", "504"];
/** Error statuses an operation with a request body can answer as well. */
const BODY_STATUSES = ["413", "415"];

/**
 * Error statuses of each operation beyond the common ones: 404 where it looks
 * something up on chain, 422 where well-formed input can still be
 * unprocessable. Every operation has an entry (a test checks it).
 */
export const OPERATION_STATUSES: Readonly<Record<string, readonly string[]>> = {
  chain_transaction_analysis: ["404", "422"],
  chain_transaction_simulate: [],
  chain_priority_fees: [],
  chain_token_analysis: ["404"],
  chain_token_risk: ["404"],
  pdf_to_markdown: ["422"],
  normalize_audio: ["422"],
};

/** The error statuses `operation` can answer, in order. */
export function errorStatusesOf(operation: AnyOperation): string[] {
  const statuses = new Set([
    ...COMMON_STATUSES,
    ...(operation.method === "POST" ? BODY_STATUSES : []),
    ...(OPERATION_STATUSES[operation.id] ?? []),
  ]);
  return Object.keys(ERROR_RESPONSES).filter((status) => statuses.has(status));
}

/**
 * Builds the OpenAPI document for the service at `base`: the paid operations
 * on each rail, then the free routes (local-mode ones only when `local`) and
 * the MCP endpoints.
 */
export function openApiDocument(base: string, catalog: Catalog, local = false): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { prefix, rail, operations } of catalog.soldOn) {
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
    paths: { ...paths, ...freePaths(catalog, local) },
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
  const example = operation.example ?? {};
  const parameters = pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name],
    ...(name in example ? { example: example[name] } : {}),
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
          ...(name in example ? { example: example[name] } : {}),
        } as (typeof parameters)[number],
      );
    }
  }
  const error = (description: string, example: Record<string, unknown> = { error: description }) => ({
    description,
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        example: { ...example, requestId: EXAMPLE_REQUEST_ID, timestamp: EXAMPLE_TIMESTAMP },
      },
    },
  });
  const responses: Record<string, unknown> = {
    "200": {
      description: "Success; paid responses carry PAYMENT-RESPONSE",
      headers: { "PAYMENT-RESPONSE": { $ref: "#/components/headers/PAYMENT-RESPONSE" } },
      content: {
        "application/json": {
          schema: outputJsonSchema(operation),
          ...(operation.id in RESPONSE_EXAMPLES ? { example: RESPONSE_EXAMPLES[operation.id] } : {}),
        },
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
      ...error(
        `Payment required: ${operation.price} in USDC on ${rail.label}, or the payment was refused`,
        paymentRequiredExample(operation, rail),
      ),
      headers: { "PAYMENT-REQUIRED": { $ref: "#/components/headers/PAYMENT-REQUIRED" } },
    },
  };
  for (const status of errorStatusesOf(operation)) responses[status] = error(ERROR_RESPONSES[status]!);
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
      protocols: [{
        x402: {
          x402Version: 2,
          scheme: "exact",
          network: rail.network,
          asset: rail.asset,
          payTo: rail.payTo,
        },
      }],
      price: { mode: "fixed", currency: "USD", amount: operation.price.replace(/^\$/, "") },
    },
    "x-mcp-tool": operation.id,
  };
}

function requestContent(operation: AnyOperation, bodySchema: JsonSchema): Record<string, unknown> {
  const content: Record<string, unknown> = {
    "application/json": { schema: bodySchema, ...(operation.example ? { example: operation.example } : {}) },
  };
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

/** The JSON body of an unpaid call's 402 (the requirement itself is in `PAYMENT-REQUIRED`). */
function paymentRequiredExample(operation: AnyOperation, rail: PaymentRail): Record<string, unknown> {
  return {
    error: `Payment required: this request costs ${operation.price} in USDC on ${rail.label}`,
    payment: {
      scheme: "exact",
      network: rail.network,
      asset: rail.asset,
      amount: usdcAtomic(operation.price),
      payTo: rail.payTo,
      maxTimeoutSeconds: rail.maxTimeoutSeconds,
    },
  };
}

/** A USD price (`$0.002`) in USDC's atomic units (6 decimals), as a decimal string. */
export function usdcAtomic(price: string): string {
  const [whole = "0", fraction = ""] = price.replace(/^\$/, "").split(".");
  return String(BigInt(whole + fraction.padEnd(6, "0").slice(0, 6)));
}
