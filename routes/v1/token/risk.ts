/**
 * `POST /v1/token/risk`: a 0–100 risk score for a mint with every signal
 * explained, built on the mint inspection.
 *
 * @module
 */
import { z } from "zod";
import { defineOperation } from "../../../lib/operation/mod.ts";
import { addressSchema } from "../../../lib/solana/mod.ts";
import { loadTokenChecks, riskAssessmentSchema, tokenReportSchema } from "../../../lib/solana/token/mod.ts";

export default defineOperation({
  id: "chain_token_risk",
  title: "Solana token risk score",
  summary: "A 0–100 risk score and level for a mint, with every signal's evidence and explanation",
  description: "Inspects a Solana token mint and scores it from 0 (nothing found) to 100 with open rules: " +
    "live mint or freeze authority, permanent delegate, transfer fee (current, scheduled, adjustable), " +
    "transfer hook, default-frozen accounts, non-transferable, pausable, closeable mint, mutable or missing " +
    "metadata and holder concentration. Each signal carries its id, severity, weight, evidence (values and " +
    "accounts) and a one-line explanation; what cannot be checked adds weight and lowers the confidence " +
    "instead of counting as safe. The level is low, medium, high or critical. The full inspection is " +
    "included. Use it before accepting, buying or listing a token.",
  method: "POST",
  price: "$0.006",
  alt: false,
  guide: "token-safety",
  input: z.object({ mint: addressSchema("mint").describe("The mint address (base58)") }),
  output: riskAssessmentSchema.extend({ mint: z.string(), inspection: tokenReportSchema }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  example: { mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
  async handler({ mint }, ctx) {
    const { assessRisk, inspectToken } = await loadTokenChecks();
    const inspection = await inspectToken(ctx.services.solana, mint, ctx.signal);
    return { mint, ...assessRisk(inspection), inspection: inspection.report };
  },
});
