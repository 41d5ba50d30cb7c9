/**
 * `GET /v1/transaction/:signature`: explains a landed (or missing)
 * transaction as a contract an agent can act on.
 *
 * @module
 */
import { defineOperation } from "../../../lib/operation/mod.ts";
import { explainInputSchema, explainSchema, loadDiagnosis } from "../../../lib/solana/transaction/mod.ts";

export default defineOperation({
  id: "chain_transaction_analysis",
  title: "Explain a Solana transaction",
  summary: "Why a transaction failed (or where it stands) and exactly what to do next",
  description:
    "Fetches a Solana transaction by signature and returns where it stands (landed_success, landed_failed, " +
    "pending with its commitment, expired), its fee split (base vs priority), compute units used vs requested, " +
    "SOL and token balance changes, the program invocation tree from its logs, and for a failure: the innermost " +
    "program that raised the error, the error's name and message (from the program's log, known tables or its " +
    "on-chain IDL), a stable failureClass, whether a retry can help, and a nextAction with concrete numbers " +
    "(compute-unit limit to set, lamports missing and where, ...). Successful transactions get advice when they " +
    "over-requested compute units. For a transaction that never landed, pass lastValidBlockHeight or " +
    "recentBlockhash to learn whether it can still land. With repair=true, a landed failure whose fix is " +
    "mechanical also gets `repair`: its message rebuilt against the current state, unsigned, proven by simulation.",
  method: "GET",
  price: "$0.004",
  alt: true,
  guide: "transaction-diagnosis",
  input: explainInputSchema,
  output: explainSchema,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  example: {
    signature: "4LXpF3MCdp69iFmD27Sn812UNpqFPHM4qXH7Y12E964p9GHXvwMe1XEmyasogVT2N4XEctdQQLf1sHY6Gvsa5sFX",
  },
  async handler(input, ctx) {
    const { explainTransaction } = await loadDiagnosis();
    return await explainTransaction(ctx.services.solana, {
      signature: input.signature,
      ...(input.lastValidBlockHeight !== undefined
        ? { lastValidBlockHeight: input.lastValidBlockHeight }
        : {}),
      ...(input.recentBlockhash !== undefined ? { recentBlockhash: input.recentBlockhash } : {}),
      ...(input.repair ? { repair: { ...(input.feeLevel ? { feeLevel: input.feeLevel } : {}) } } : {}),
    }, ctx.signal);
  },
});
