/**
 * One paid operation in the OpenAPI document, as sold on one rail: its path
 * and query parameters, its request body (JSON, and the raw and multipart
 * uploads of a binary input), its answer with a recorded example, the 402
 * offer, the error statuses it can answer, and its price (`x-payment-info`).
 *
 * @module
 */
import {
  type AnyOperation,
  type BinaryInput,
  inputJsonSchema,
  type JsonSchema,
  outputJsonSchema,
  pathParamNames,
} from "../operation/mod.ts";
import type { PaymentRail } from "../payments/mod.ts";
import responseExamples from "./response_examples.json" with { type: "json" };

/** Each operation's real answer, recorded on a local-mode service by `deno task examples`. */
const RESPONSE_EXAMPLES: Record<string, unknown> = responseExamples;

const EXAMPLE_REQUEST_ID = "3f2c8a9e-6b1d-4f57-9a0e-5c2b7d1e4a60";
const EXAMPLE_TIMESTAMP = "2026-01-01T00:00:00.000Z";

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

/** The OpenAPI operation object of `operation` as sold on `rail` under `prefix`. */
export function describeOperation(
  operation: AnyOperation,
  rail: PaymentRail,
  prefix: string,
): Record<string, unknown> {
  const input = splitInput(operation);
  const bodySchema = {
    type: "object",
    properties: input.bodyProperties,
    required: [...input.required].filter((n) => n in input.bodyProperties),
    additionalProperties: false,
  };
  return {
    operationId: prefix ? `${operation.id}_alt` : operation.id,
    summary: operation.summary,
    description:
      `${operation.description}\n\nPrice: ${operation.price} in USDC on ${rail.label} (${rail.network}).`,
    tags: [rail.label],
    parameters: parametersOf(operation, input),
    ...(operation.method === "POST"
      ? { requestBody: { required: true, content: requestContent(operation, bodySchema) } }
      : {}),
    responses: responsesOf(operation, rail),
    "x-payment-info": paymentInfo(operation, rail),
    "x-mcp-tool": operation.id,
  };
}

/** An operation's input fields, split into those in its path and those in its body (or query). */
interface SplitInput {
  /** Every input field's schema. */
  readonly properties: Record<string, JsonSchema>;
  /** Names of the fields that must be given. */
  readonly required: ReadonlySet<string>;
  /** Names of the fields in the path, in order. */
  readonly pathParams: readonly string[];
  /** The fields not in the path: the body of a POST, the query of a GET. */
  readonly bodyProperties: Record<string, JsonSchema>;
}

/** Reads `operation`'s input schema and splits its fields between the path and the rest. */
function splitInput(operation: AnyOperation): SplitInput {
  const input = inputJsonSchema(operation);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const pathParams = pathParamNames(operation);
  const bodyProperties = Object.fromEntries(
    Object.entries(properties).filter(([name]) => !pathParams.includes(name)),
  );
  return { properties, required, pathParams, bodyProperties };
}

/** The path parameters of `operation`, then (for a GET) its query parameters, with their examples. */
function parametersOf(operation: AnyOperation, input: SplitInput): Record<string, unknown>[] {
  const example = operation.example ?? {};
  const parameters: Record<string, unknown>[] = input.pathParams.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: input.properties[name],
    ...(name in example ? { example: example[name] } : {}),
  }));
  if (operation.method === "GET") {
    for (const [name, schema] of Object.entries(input.bodyProperties)) {
      const array = schema.type === "array";
      parameters.push({
        name,
        in: "query",
        required: input.required.has(name),
        schema,
        ...(array ? { style: "form", explode: true } : {}),
        ...(name in example ? { example: example[name] } : {}),
      });
    }
  }
  return parameters;
}

/** `operation`'s responses: its answer, the 402 offer on `rail`, and the errors it can answer. */
function responsesOf(operation: AnyOperation, rail: PaymentRail): Record<string, unknown> {
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
      ...errorResponse(
        `Payment required: ${operation.price} in USDC on ${rail.label}, or the payment was refused`,
        paymentRequiredExample(operation, rail),
      ),
      headers: { "PAYMENT-REQUIRED": { $ref: "#/components/headers/PAYMENT-REQUIRED" } },
    },
  };
  for (const status of errorStatusesOf(operation)) {
    responses[status] = errorResponse(ERROR_RESPONSES[status]!);
  }
  return responses;
}

/** An error response described by `description`, its example body stamped with a request id and time. */
function errorResponse(description: string, example: Record<string, unknown> = { error: description }) {
  return {
    description,
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        example: { ...example, requestId: EXAMPLE_REQUEST_ID, timestamp: EXAMPLE_TIMESTAMP },
      },
    },
  };
}

/** The `x-payment-info` of `operation` on `rail`: how to pay (x402 v2, `exact`) and its fixed price. */
function paymentInfo(operation: AnyOperation, rail: PaymentRail): Record<string, unknown> {
  return {
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
