/**
 * Input validation for Solana addresses, as zod schemas whose messages name
 * the field and the bad value, so malformed input is rejected before payment.
 *
 * @module
 */
import { isSolanaAddress } from "./base58.ts";
import type { Address } from "@solana/addresses";
import { z } from "zod";

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Says what is wrong with a putative address, or `undefined` when it is a
 * base58-encoded 32-byte address.
 *
 * @example
 * ```ts
 * addressProblem("abc0"); // "not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)"
 * addressProblem("So11111111111111111111111111111111111111112"); // undefined
 * ```
 */
export function addressProblem(value: string): string | undefined {
  if (value.length === 0) return "empty";
  if (value.length > 44) return `too long (${value.length} characters, an address has at most 44)`;
  if (!BASE58.test(value)) return "not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)";
  if (!isSolanaAddress(value)) return "not a 32-byte address";
  return undefined;
}

/** Shortens a caller's value for quoting in an error message. */
export function quoteValue(value: unknown): string {
  const text = String(value);
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

/**
 * A zod schema for one address field. Its message reads
 * `Invalid <label> "<value>": <problem>`.
 *
 * @param label The field's name as the caller knows it, e.g. `account` or `mint`.
 *
 * @example
 * ```ts
 * const input = z.object({ mint: addressSchema("mint") });
 * ```
 */
export function addressSchema(label: string): z.ZodType<Address, string> {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `Missing ${label}` : `Invalid ${label}: expected a base58 address string`,
  })
    .check((ctx) => {
      const problem = addressProblem(ctx.value);
      if (problem) {
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: `Invalid ${label} "${quoteValue(ctx.value)}": ${problem}`,
        });
      }
    })
    .meta({ pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" }) as unknown as z.ZodType<Address, string>;
}
