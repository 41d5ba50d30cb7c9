/**
 * The output contract of transaction diagnosis, as zod schemas shared by the
 * explain and simulate operations (and so by their OpenAPI and MCP schemas).
 *
 * @module
 */
import { z } from "zod";
import { CONFIDENCES, FAILURE_CLASSES, NEXT_ACTIONS } from "./classes.ts";
import { ACCOUNT_STATES } from "./account_state.ts";
import { LANDED_STATES } from "./landed_state.ts";
import { RETRY_BASES } from "./retry_timing.ts";
import { BOUND_SIDES, NUMBER_SOURCES } from "./slippage/types.ts";
import { repairSchema } from "./repair/schema.ts";

const lamports = z.number().int();

/** The failure class enum. */
export const failureClassSchema = z.enum(FAILURE_CLASSES).describe(
  "Why it failed, as a stable enum (`none` on success); see the transaction-diagnosis guide",
);

const numberSource = z.enum(NUMBER_SOURCES).describe(
  "Where the number was read, most trusted first: the program's log line, an event it emitted, the " +
    "instruction's decoded arguments, the token transfers it made before it stopped",
);

const sourcedAmount = z.object({
  amount: z.string().describe("Raw amount (base units)"),
  source: numberSource,
});

/** The numbers of a failed slippage check. */
export const slippageSchema = z.object({
  side: z.enum(BOUND_SIDES).describe(
    "min_out: the sender set a minimum to receive (exact input); max_in: a maximum to pay (exact output)",
  ),
  program: z.string().describe("The program whose check failed"),
  mint: z.string().nullable().describe("The mint the amounts are counted in, when the accounts name it"),
  bound: sourcedAmount.describe("The minimum out or maximum in the sender set"),
  actual: sourcedAmount.nullable().describe("What the pool would give (min_out) or take (max_in)"),
  quoted: sourcedAmount.nullable().describe(
    "The quote the bound was set from, when the instruction carries it",
  ),
  slippageBps: z.object({ value: z.number().int(), source: numberSource }).nullable().describe(
    "The slippage setting, when the instruction carries it",
  ),
  priceMoveBps: z.number().nullable().describe(
    "How far the price moved against the sender, in bps of `priceMoveBasis` (negative: in its favour)",
  ),
  priceMoveBasis: z.enum(["quote", "bound"]).nullable().describe(
    "quote: from the quoted amount to the actual one; bound: from the bound (the move beyond the tolerance)",
  ),
  minSlippageBps: z.number().int().nullable().describe(
    "The smallest slippage setting (bps) that would have passed at this price, when the quote is known",
  ),
});

/** The next action, with concrete numbers where they exist. */
export const nextActionSchema = z.object({
  action: z.enum(NEXT_ACTIONS).describe("What to do next, as a stable enum"),
  reason: z.string().describe("Why, in one sentence"),
  computeUnitLimit: z.number().int().optional().describe("Compute-unit limit to set"),
  microLamportsPerComputeUnit: z.number().optional().describe(
    "Compute-unit price to pay, from recent fees of the accounts the transaction writes",
  ),
  priorityFeeLamports: lamports.optional().describe(
    "Priority fee for the suggested limit and price, or the saving from trimming the limit",
  ),
  lamportsMissing: lamports.optional().describe("Lamports `account` lacks"),
  tokenAmountMissing: z.string().optional().describe(
    "Raw token amount (base units) `account` lacks, of `mint`",
  ),
  account: z.string().optional().describe("The account the action is about"),
  mint: z.string().optional(),
  blocksRemaining: z.number().int().optional().describe("Blocks left before the blockhash expires"),
  lastValidBlockHeight: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
  retryAfterBasis: z.enum(RETRY_BASES).optional().describe(
    "What retryAfterSeconds rests on: stated_seconds / stated_slots (the program's log states the wait; slots " +
      "count about 0.4 s), cause_default (the usual wait for that cause), blockhash (rebuild and send at once)",
  ),
  accountIndex: z.number().int().optional().describe(
    "Position of `account` in the failing instruction's accounts",
  ),
  accountRole: z.string().optional().describe("The name the program gives `account`, when it says"),
  accountState: z.enum(ACCOUNT_STATES).optional().describe(
    "The state of `account` that made the instruction fail",
  ),
  slippage: slippageSchema.optional().describe(
    "For requote_and_rebuild: the bound, the actual amount, the quote and the price move, each with its source",
  ),
});

/** The attributed failure. */
export const failureSchema = z.object({
  instructionIndex: z.number().int().nullable().describe("The failing top-level instruction"),
  program: z.string().nullable().describe("Address of the innermost program that raised the error"),
  programName: z.string().nullable(),
  depth: z.number().int().nullable().describe("Invocation depth of that program (1 = top level)"),
  code: z.number().int().nullable().describe("The program's custom error code"),
  hex: z.string().nullable().describe("The custom code in hex, as logs print it"),
  errorName: z.string(),
  message: z.string(),
  source: z.enum(["log", "table", "idl", "runtime"]).describe(
    "Where the name came from: the program's log, a known table, its on-chain IDL, or the runtime " +
      "(when the class was read from a bare log line, `log`)",
  ),
  confidence: z.enum(CONFIDENCES).describe(
    "high: the program's own table or the runtime decided; medium: the class was inferred from the error's " +
      "name, message or log line (see `evidence`), or the failing frame is a guess; low: not decoded",
  ),
  evidence: z.string().nullable().describe(
    "When the class was inferred from words rather than a table: the name, message or log line it was read from",
  ),
  account: z.string().nullable().describe("The account the error points at, when it names one"),
});

/** How the fee splits. */
export const feeSchema = z.object({
  totalLamports: lamports,
  baseLamports: lamports.describe("5,000 lamports per signature"),
  priorityLamports: lamports,
  model: z.enum(["compute_unit_price", "message_config"]).describe(
    "compute_unit_price: price × limit (legacy and v0); message_config: a lamport amount in a v1 message",
  ),
});

/** Compute units asked for and used. */
export const computeSchema = z.object({
  unitsConsumed: z.number().int().nullable(),
  unitLimit: z.number().int().describe("The limit in force"),
  limitSource: z.enum(["instruction", "default", "message_config"]),
  unitPriceMicroLamports: z.number().describe("Micro-lamports per compute unit (0 for v1 messages)"),
  overRequestRatio: z.number().nullable().describe("unitLimit / unitsConsumed"),
  recommendedUnitLimit: z.number().int().nullable().describe("unitsConsumed plus 10%"),
  heapBytes: z.number().int().nullable(),
  loadedAccountsDataSizeLimit: z.number().int().nullable(),
});

/** Balance changes. */
export const balancesSchema = z.object({
  sol: z.array(z.object({
    account: z.string(),
    preLamports: lamports,
    postLamports: lamports,
    deltaLamports: lamports,
  })),
  tokens: z.array(z.object({
    owner: z.string(),
    mint: z.string(),
    programId: z.string().nullable().describe("SPL Token or Token-2022"),
    decimals: z.number().int(),
    preAmount: z.string().describe("Raw amount (base units)"),
    postAmount: z.string(),
    deltaAmount: z.string(),
    deltaUi: z.string().describe("The change in whole tokens"),
    tokenAccounts: z.array(z.string()),
  })).describe("Per owner and mint"),
});

/** The invocation tree, flattened: each frame names its parent. */
export const logsSchema = z.object({
  truncated: z.boolean().describe("True when the node cut the log short"),
  frames: z.array(z.object({
    index: z.number().int(),
    parent: z.number().int().nullable(),
    depth: z.number().int(),
    instructionIndex: z.number().int().nullable(),
    program: z.string(),
    programName: z.string().nullable(),
    status: z.enum(["success", "failed", "incomplete"]),
    computeUnitsConsumed: z.number().int().nullable(),
    computeUnitsAvailable: z.number().int().nullable(),
    logs: z.array(z.string()),
    error: z.string().nullable(),
  })),
});

/** Top-level instructions. */
export const instructionsSchema = z.array(z.object({
  index: z.number().int(),
  program: z.string(),
  programName: z.string().nullable(),
  name: z.string().nullable().describe("Instruction name, for the built-in programs"),
  accounts: z.number().int().describe("Accounts it passes"),
}));

/** The fields explain and simulate share. */
export const diagnosisShape = {
  version: z.union([z.literal("legacy"), z.number().int()]).nullable(),
  feePayer: z.string().nullable(),
  signers: z.array(z.string()),
  instructions: instructionsSchema,
  fee: feeSchema.nullable(),
  compute: computeSchema.nullable(),
  balances: balancesSchema,
  logs: logsSchema,
  failureClass: failureClassSchema,
  retryable: z.boolean().describe("True when sending again (as is, or rebuilt per nextAction) can succeed"),
  nextAction: nextActionSchema,
  failure: failureSchema.nullable(),
  rawError: z.unknown().describe("The error exactly as the RPC reported it (null on success)"),
  summary: z.string().describe("One sentence for humans"),
};

/** The shared fields as one object schema. */
export const diagnosisSchema = z.object(diagnosisShape);

/** The shared fields as a type. */
export type DiagnosisOutput = z.infer<typeof diagnosisSchema>;

/** The explanation of a transaction by signature. */
export const explainSchema = z.object({
  signature: z.string(),
  landedState: z.enum(LANDED_STATES).describe(
    "landed_success / landed_failed (finalized), pending (not final yet, or not landed but still able to), " +
      "expired (never landed and can no longer land)",
  ),
  commitment: z.enum(["processed", "confirmed", "finalized"]).nullable().describe(
    "The highest commitment the transaction reached; null when no node has it",
  ),
  slot: z.number().int().nullable(),
  blockTime: z.number().int().nullable().describe("Unix seconds"),
  recentBlockhash: z.string().nullable().describe(
    "Its blockhash, or its nonce value for a durable-nonce transaction",
  ),
  durableNonce: z.boolean().describe(
    "True when it uses a durable nonce (it then does not expire by blockhash)",
  ),
  ...diagnosisShape,
  repair: repairSchema.optional().describe(
    "Only with repair=true: the landed failure rebuilt from its message against the current state, unsigned " +
      "(sign it again), offered only when its simulation succeeds; otherwise why not",
  ),
});

/** An explanation. */
export type ExplainResult = z.infer<typeof explainSchema>;

/** The diagnosis of a simulated transaction. */
export const simulateSchema = z.object({
  success: z.boolean().describe("True when the simulation succeeded"),
  slot: z.number().int().nullable().describe("The slot the simulation ran against"),
  replacementBlockhash: z.object({
    blockhash: z.string(),
    lastValidBlockHeight: z.number().int(),
  }).nullable().describe("The fresh blockhash the simulation used, and until which block height it is valid"),
  durableNonce: z.boolean(),
  balancesSource: z.enum(["simulation", "accounts", "none"]).describe(
    "Where the balance changes come from: the node's pre/post balances, the requested accounts, or nowhere",
  ),
  ...diagnosisShape,
  repair: repairSchema.describe(
    "The transaction rebuilt with its mechanical fixes, unsigned (every signer must sign it again), offered " +
      "only when its simulation succeeds; otherwise why not",
  ),
});

/** A simulation diagnosis. */
export type SimulateResult = z.infer<typeof simulateSchema>;
