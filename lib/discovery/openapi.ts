/**
 * The OpenAPI 3.1 document, generated from the operation registry: every
 * operation on each rail it is sold on, its input and output schemas, its
 * price (`x-payment-info`) and the 402 and error responses.
 *
 * @module
 */
import { type Catalog, openApiPath } from "../operation/mod.ts";
import { SERVICE_NAME, VERSION } from "../server/version.ts";
import { freePaths } from "./openapi_free.ts";
import { describeOperation } from "./openapi_operation.ts";

export { errorStatusesOf, OPERATION_STATUSES, usdcAtomic } from "./openapi_operation.ts";

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
