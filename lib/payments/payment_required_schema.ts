/**
 * JSON Schema of the x402 v2 `PaymentRequired` object (the x402 v2
 * specification, section 5.1), for documents that must admit it: an MCP
 * tool's `outputSchema` (an unpaid call returns it as structured content) and
 * the 402 response of OpenAPI.
 *
 * @module
 */
type JsonSchema = Record<string, unknown>;

/** One way to pay (`PaymentRequirements`). */
const PAYMENT_REQUIREMENTS: JsonSchema = {
  type: "object",
  required: ["scheme", "network", "asset", "amount", "payTo", "maxTimeoutSeconds"],
  properties: {
    scheme: { type: "string", description: "Payment scheme, e.g. exact" },
    network: { type: "string", description: "CAIP-2 network id" },
    asset: { type: "string", description: "Token mint or contract address" },
    amount: { type: "string", description: "Price in the asset's atomic units" },
    payTo: { type: "string", description: "Recipient address" },
    maxTimeoutSeconds: { type: "integer" },
    extra: { type: "object", description: "Scheme-specific data (fee payer, EIP-712 domain)" },
  },
};

/** The x402 v2 `PaymentRequired` object. */
export const PAYMENT_REQUIRED_SCHEMA: JsonSchema = {
  title: "PaymentRequired",
  description: "x402 v2 payment requirement: pay one of `accepts` and call again with the payment",
  type: "object",
  required: ["x402Version", "resource", "accepts"],
  properties: {
    x402Version: { type: "integer", const: 2 },
    error: { type: "string", description: "Why payment is asked for, or why a payment was refused" },
    resource: {
      type: "object",
      required: ["url"],
      properties: {
        url: { type: "string" },
        description: { type: "string" },
        mimeType: { type: "string" },
      },
    },
    accepts: { type: "array", minItems: 1, items: PAYMENT_REQUIREMENTS },
    extensions: { type: "object", description: "x402 extensions, each `{info, schema}`" },
  },
};
