/**
 * `GET /v1/fees/priority`: priority-fee quantiles, levels and a recommended
 * price, globally and for the writable accounts of a planned transaction.
 *
 * @module
 */
import { z } from "zod";
import { defineOperation } from "../../../lib/operation/mod.ts";
import { addressSchema } from "../../../lib/solana/mod.ts";
import {
  LEVEL_PERCENTILES,
  MAX_COMPUTE_UNIT_LIMIT,
  type PriorityFeeReport,
  priorityFeeReport,
} from "../../../lib/solana/fees/mod.ts";
import { frozenDeep } from "../../../lib/shared/frozen_deep.ts";

const MAX_ACCOUNTS = 20;

const microLamports = z.number().describe("Micro-lamports per compute unit");

const levels = z.object({
  low: microLamports.describe(`p${LEVEL_PERCENTILES.low}, micro-lamports per compute unit`),
  medium: microLamports.describe(`p${LEVEL_PERCENTILES.medium}, micro-lamports per compute unit`),
  high: microLamports.describe(`p${LEVEL_PERCENTILES.high}, micro-lamports per compute unit`),
  veryHigh: microLamports.describe(`p${LEVEL_PERCENTILES.veryHigh}, micro-lamports per compute unit`),
});

const lamportLevels = z.object({
  low: z.number().int(),
  medium: z.number().int(),
  high: z.number().int(),
  veryHigh: z.number().int(),
}).describe("Priority fee in lamports per level for the given computeUnitLimit: ceil(price × limit / 1e6)");

const feeView = z.object({
  slots: z.number().int().describe("Slots in the sample"),
  firstSlot: z.number().int(),
  lastSlot: z.number().int(),
  zeroFeeSlots: z.number().int().describe("Slots whose fee was 0"),
  zeroFeeShare: z.number().min(0).max(1).describe("zeroFeeSlots / slots"),
  quantiles: z.object({
    min: microLamports,
    p25: microLamports,
    p50: microLamports,
    p75: microLamports,
    p90: microLamports,
    p95: microLamports,
    p99: microLamports,
    max: microLamports,
  }).describe("Nearest-rank quantiles of the per-slot fees, micro-lamports per compute unit"),
  levels,
  priorityFeeLamports: lamportLevels.nullable(),
});

const output = z.object({
  unit: z.literal("microLamportsPerComputeUnit"),
  levelPercentiles: z.object({
    low: z.literal(LEVEL_PERCENTILES.low),
    medium: z.literal(LEVEL_PERCENTILES.medium),
    high: z.literal(LEVEL_PERCENTILES.high),
    veryHigh: z.literal(LEVEL_PERCENTILES.veryHigh),
  }),
  global: feeView.describe("Per-slot minimum fee over all non-vote transactions"),
  accounts: z.array(feeView.extend({ account: z.string() }))
    .describe("Per slot, the fee a transaction writing this account had to beat"),
  combined: feeView.nullable().describe(
    "Per slot, the fee a transaction writing all the accounts had to beat",
  ),
  recommended: z.object({
    microLamportsPerComputeUnit: microLamports,
    level: z.enum(["low", "medium", "high", "veryHigh"]),
    percentile: z.number(),
    basis: z.enum(["global", "combined"]),
    priorityFeeLamports: z.number().int().nullable(),
    rule: z.string(),
  }),
  computeUnitLimit: z.number().int().nullable(),
});

/** What the operation answers. */
type PriorityFeeAnswer = z.infer<typeof output>;

const input = z.object({
  account: z.array(addressSchema("account"))
    .max(MAX_ACCOUNTS, {
      error: (issue) =>
        `Too many accounts: ${(issue.input as unknown[]).length} given, at most ${MAX_ACCOUNTS} are allowed`,
    })
    .optional()
    .describe(`Writable accounts of the planned transaction (repeat the parameter, at most ${MAX_ACCOUNTS})`),
  computeUnitLimit: z.coerce.number({
    error: `Invalid computeUnitLimit: expected an integer from 1 to ${MAX_COMPUTE_UNIT_LIMIT}`,
  })
    .int({ error: (issue) => `Invalid computeUnitLimit "${issue.input}": not an integer` })
    .min(1, { error: (issue) => `Invalid computeUnitLimit "${issue.input}": must be at least 1` })
    .max(MAX_COMPUTE_UNIT_LIMIT, {
      error: (issue) =>
        `Invalid computeUnitLimit "${issue.input}": must be at most ${MAX_COMPUTE_UNIT_LIMIT}`,
    })
    .optional()
    .describe("Compute-unit limit of the planned transaction, to price each level in lamports"),
});

export default defineOperation({
  id: "chain_priority_fees",
  title: "Solana priority fees",
  summary:
    "Priority-fee quantiles and a recommended price, globally and for the accounts a transaction writes",
  description:
    "Reads the recent per-slot prioritization fees of the Solana cluster and returns min, p25, p50, " +
    "p75, p90, p95, p99 and max in micro-lamports per compute unit, named levels (low p25, medium p50, high " +
    "p75, veryHigh p95), a recommended price with the rule behind it, the sample size, slot range and share " +
    "of zero-fee slots. Pass the writable accounts of your transaction as repeated `account` values to get " +
    "per-account quantiles and the combined view for a transaction writing all of them; pass " +
    "`computeUnitLimit` to get the total priority fee in lamports per level. Use it right before sending a " +
    "transaction to set its compute-unit price.",
  method: "GET",
  price: "$0.002",
  alt: true,
  guide: "priority-fees",
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  example: { account: ["JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4"], computeUnitLimit: 200_000 },
  // One batched read of recent fees, nothing paid per call upstream: a bad payment costs that read, no more.
  verifyInSettlement: true,
  async handler(query, ctx) {
    const report = await priorityFeeReport(ctx.services.solana, {
      ...(query.account ? { accounts: query.account } : {}),
      ...(query.computeUnitLimit !== undefined ? { computeUnitLimit: query.computeUnitLimit } : {}),
    }, { signal: ctx.signal });
    return answerOf(report);
  },
});

/** The answers made of reports: a report handed out again (see `kept_reports.ts`) gives the same answer. */
const answers = new WeakMap<PriorityFeeReport, PriorityFeeAnswer>();

/** The answer of `report`, frozen to its depths like the report it is made of, so its schema is checked once. */
function answerOf(report: PriorityFeeReport): PriorityFeeAnswer {
  let answer = answers.get(report);
  if (answer === undefined) {
    answer = frozenDeep({
      unit: "microLamportsPerComputeUnit",
      levelPercentiles: LEVEL_PERCENTILES,
      ...report,
    });
    answers.set(report, answer);
  }
  return answer;
}
