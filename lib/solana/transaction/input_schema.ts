/**
 * Input checks for the diagnosis operations, as zod schemas with precise
 * messages, so that malformed input is refused before payment: signatures,
 * blockhashes, block heights, and serialized transactions' encoding. Whether
 * a transaction decodes is the simulate operation's precheck: its decoder
 * (kit's transaction packages, 3–7 MB) loads with the first simulation
 * request, not at start.
 *
 * @module
 */
import { base58Decode } from "../base58.ts";
import { z } from "zod";
import { addressSchema, quoteValue } from "../address_schema.ts";
import { feeLevelSchema, repairOptionSchema } from "./repair/schema.ts";

/** The encodings a caller may send a transaction in. */
export const TRANSACTION_ENCODINGS = ["base64", "base58"] as const;

/** One of {@linkcode TRANSACTION_ENCODINGS}. */
export type TransactionEncoding = typeof TRANSACTION_ENCODINGS[number];

/** Most accounts a simulation may be asked to report. */
export const MAX_SIMULATION_ACCOUNTS = 20;

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const NOT_BASE58 = "not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)";

/**
 * What is wrong with a putative base58 value of `bytes` bytes, or `undefined`.
 *
 * @example
 * ```ts
 * base58Problem("abc", 64); // "decodes to 2 bytes, expected 64"
 * ```
 */
export function base58Problem(value: string, bytes: number): string | undefined {
  if (value.length === 0) return "empty";
  if (!BASE58.test(value)) return NOT_BASE58;
  if (value.length > 100) return `${value.length} characters, too long for ${bytes} bytes`;
  const length = base58Decode(value)!.length;
  return length === bytes ? undefined : `decodes to ${length} bytes, expected ${bytes}`;
}

/** Lengths of base58 text for 32- and 64-byte values, for the published JSON Schema pattern. */
const BASE58_LENGTHS: Record<number, string> = { 32: "{32,44}", 64: "{64,88}" };

function base58Field(label: string, bytes: number) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `Missing ${label}` : `Invalid ${label}: expected a base58 string`,
  }).check((ctx) => {
    const problem = base58Problem(ctx.value, bytes);
    if (problem) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: `Invalid ${label} "${quoteValue(ctx.value)}": ${problem}`,
      });
    }
  }).meta({ pattern: `^[1-9A-HJ-NP-Za-km-z]${BASE58_LENGTHS[bytes] ?? "+"}$` });
}

/** A transaction signature: base58, 64 bytes. */
export const signatureSchema = base58Field("signature", 64).describe(
  "Transaction signature (base58, 64 bytes)",
);

/** The input of the explain operation. */
export const explainInputSchema = z.object({
  signature: signatureSchema,
  lastValidBlockHeight: z.coerce.number({
    error: "Invalid lastValidBlockHeight: expected a non-negative integer block height",
  })
    .int({ error: (issue) => `Invalid lastValidBlockHeight "${issue.input}": not an integer` })
    .nonnegative({ error: (issue) => `Invalid lastValidBlockHeight "${issue.input}": must not be negative` })
    .optional()
    .describe("The transaction's last valid block height, to tell pending from expired if it never landed"),
  recentBlockhash: base58Field("recentBlockhash", 32).optional().describe(
    "The transaction's recent blockhash, for the same purpose",
  ),
  repair: z.boolean({
    error: (issue) => `Invalid repair "${quoteValue(issue.input)}": expected true or false`,
  })
    .optional().describe(
      "true: for a landed failure whose fix is mechanical, also return `repair`, the transaction rebuilt " +
        "against the current state and proven by simulation (costs extra RPC calls; off by default)",
    ),
  feeLevel: feeLevelSchema.optional(),
});

/** The input of the simulate operation. */
export const simulateInputSchema = z.object({
  transaction: z.string({
    error: (issue) =>
      issue.input === undefined
        ? "Missing transaction: send the serialized transaction as a base64 or base58 string"
        : "Invalid transaction: expected a string",
  }).describe("The serialized transaction (signed or not), legacy, v0 or v1"),
  encoding: z.enum(TRANSACTION_ENCODINGS, {
    error: (issue) => `Invalid encoding "${quoteValue(issue.input)}": expected "base64" or "base58"`,
  }).default("base64").describe("How `transaction` is encoded (default base64)"),
  accountAddresses: z.array(addressSchema("account address"), {
    error: "Invalid accountAddresses: expected an array of base58 addresses",
  })
    // A length check that skips values that are not arrays (those have their own message above).
    .check((ctx) => {
      if (Array.isArray(ctx.value) && ctx.value.length > MAX_SIMULATION_ACCOUNTS) {
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message:
            `Too many accountAddresses: ${ctx.value.length} given, at most ${MAX_SIMULATION_ACCOUNTS} ` +
            "are allowed",
        });
      }
    })
    .meta({ maxItems: MAX_SIMULATION_ACCOUNTS })
    .optional()
    .describe(`Accounts whose state before and after to compare (at most ${MAX_SIMULATION_ACCOUNTS})`),
  repair: repairOptionSchema.optional(),
});

/** The simulate operation's parsed input. */
export type SimulateInput = z.infer<typeof simulateInputSchema>;
