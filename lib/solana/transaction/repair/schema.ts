/**
 * The contract of a repair: the option a caller sends (which fee level to
 * pay at) and the `repair` field explain and simulate return, either a
 * rebuilt unsigned transaction proven by a simulation or a stable reason why
 * none is offered. Its own module so the diagnosis schema only gains a field.
 *
 * @module
 */
import { z } from "zod";
import { LEVEL_PERCENTILES } from "../../fees/mod.ts";

/** The named fee levels a repair can pay at (the priority-fee operation's levels). */
export const FEE_LEVELS = Object.keys(LEVEL_PERCENTILES) as (keyof typeof LEVEL_PERCENTILES)[];

/** One of {@linkcode FEE_LEVELS}. */
export type FeeLevel = keyof typeof LEVEL_PERCENTILES;

/** Headroom over the units the rebuilt transaction consumed, in percent, when setting its limit. */
export const REPAIR_MARGIN_PERCENT = 10;

/** Why a repair is or is not offered, as a stable enum. Add to it, never rename. */
export const REPAIR_CODES = [
  "repaired",
  "not_needed",
  "needs_new_quote",
  "insufficient_funds",
  "exceeds_max_compute",
  "durable_nonce",
  "unknown_missing_account",
  "not_mechanical",
  "retry_later",
  "not_landed",
  "lookup_tables_unresolved",
  "too_large",
  "resimulation_failed",
] as const;

/** One of {@linkcode REPAIR_CODES}. */
export type RepairCode = typeof REPAIR_CODES[number];

/** The fixes a repair can apply, as a stable enum. */
export const REPAIR_FIXES = [
  "compute_unit_limit",
  "compute_unit_price",
  "priority_fee_lamports",
  "fresh_blockhash",
  "create_associated_token_account",
] as const;

/** A fee level, as an input field. */
export const feeLevelSchema = z.enum(FEE_LEVELS, {
  error: (issue) =>
    `Invalid feeLevel "${String(issue.input)}": expected one of ${
      FEE_LEVELS.map((l) => `"${l}"`).join(", ")
    }`,
}).describe(
  "Priority-fee level the repaired transaction pays at least (low p25, medium p50, high p75, veryHigh p95 of " +
    "recent fees for the accounts it writes); without it the price is kept unless the failure is about fees",
);

/** The simulate operation's `repair` option. */
export const repairOptionSchema = z.object({ feeLevel: feeLevelSchema.optional() }, {
  error: 'Invalid repair: expected an object such as {"feeLevel": "medium"}',
}).strict().describe(
  "How to repair a failing transaction (a repair is attempted whenever the fix is mechanical)",
);

const accountCreated = z.object({
  account: z.string().describe("The associated token account created first"),
  owner: z.string(),
  mint: z.string(),
  tokenProgram: z.string(),
});

/** The repair offered, or why none is. */
export const repairSchema = z.object({
  available: z.boolean().describe(
    "True when `transaction` holds a rebuilt transaction whose simulation succeeded",
  ),
  code: z.enum(REPAIR_CODES).describe("Why a repair is or is not offered, as a stable enum"),
  reason: z.string().describe("The same, in one sentence with its numbers"),
  transaction: z.string().optional().describe(
    "The same message rebuilt with the fixes applied, UNSIGNED, encoded like the input. Changing the message " +
      "invalidates every signature: every signer in `signers` must sign it again before sending",
  ),
  encoding: z.enum(["base64", "base58"]).optional(),
  signers: z.array(z.string()).optional().describe("Accounts that must sign the rebuilt message"),
  fixes: z.array(z.enum(REPAIR_FIXES)).optional().describe("What was changed"),
  computeUnitLimit: z.number().int().optional().describe(
    `The limit set: the units the rebuilt transaction consumed plus ${REPAIR_MARGIN_PERCENT}%`,
  ),
  microLamportsPerComputeUnit: z.number().optional().describe("The compute-unit price set (legacy and v0)"),
  priorityFeeLamports: z.number().int().optional().describe("The priority fee the rebuilt transaction pays"),
  feeLevel: z.enum(FEE_LEVELS).optional().describe("The fee level the price was raised to, when it was"),
  recentBlockhash: z.string().optional().describe("The fresh blockhash the rebuilt message carries"),
  lastValidBlockHeight: z.number().int().optional().describe("The last block height it can land at"),
  createdAccounts: z.array(accountCreated).optional().describe(
    "Associated token accounts created first (idempotent create, paid by the fee payer)",
  ),
  simulation: z.object({
    err: z.null().describe("Always null: a repair is offered only when its simulation succeeded"),
    unitsConsumed: z.number().int().nullable(),
    feeLamports: z.number().int().nullable(),
    logLines: z.number().int(),
    logTail: z.array(z.string()).describe("The last lines of its log"),
  }).optional().describe("The simulation of the rebuilt transaction (no signature check, its own blockhash)"),
  lamportsMissing: z.number().int().optional().describe("For insufficient_funds: what the payer lacks"),
  account: z.string().optional().describe("The account the reason is about"),
});

/** A repair. */
export type Repair = z.infer<typeof repairSchema>;
