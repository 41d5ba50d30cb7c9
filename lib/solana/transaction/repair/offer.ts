/**
 * The repair offered: the rebuilt transaction, unsigned, in the caller's
 * encoding, with what was fixed, the limit and price it now sets, its
 * lifetime (fresh blockhash or durable nonce), the accounts it creates, and
 * the simulation that proved it beside it.
 *
 * @module
 */
import { priorityFeeLamports } from "../../fees/mod.ts";
import { computeBudgetOf } from "../compute_budget.ts";
import { encodeUnsigned, type MessageEdits, type OpenMessage } from "./rebuild.ts";
import type { RebuildPlan, RepairRequest } from "./request.ts";
import type { Resimulation } from "./resimulate.ts";
import type { Repair } from "./schema.ts";

/** Log lines of the proving simulation returned. */
const LOG_TAIL_LINES = 5;

/** A rebuilt message whose simulation succeeded. */
export interface ProvenMessage {
  message: OpenMessage;
  /** The edits that made it from the caller's message. */
  edits: MessageEdits;
  /** The simulation of its exact bytes. */
  proof: Resimulation;
}

/** The repair offered for `request`, rebuilt by `plan` into `proven`. */
export function offered(request: RepairRequest, plan: RebuildPlan, proven: ProvenMessage): Repair {
  const { view } = request;
  const { pricing, creates, nonce } = plan;
  const { edits, proof } = proven;
  const budget = computeBudgetOf(view);
  const v1 = budget.feeModel === "message_config";
  const fixes = fixesMade(request, plan, edits);
  const fee = v1
    ? Number(edits.priorityFeeLamports ?? 0n)
    : priorityFeeLamports(pricing.micro, edits.computeUnitLimit);
  const raised = fixes.includes("compute_unit_price") || fixes.includes("priority_fee_lamports");
  return {
    available: true,
    code: "repaired",
    reason: `Rebuilt (${fixes.join(", ")}); its simulation succeeded using ${proof.unitsConsumed} compute ` +
      `units of the ${edits.computeUnitLimit} set. ` +
      (nonce
        ? `It keeps its durable nonce ${nonce.nonce} of ${nonce.account} (AdvanceNonceAccount first): the nonce ` +
          `authority ${nonce.authority} and every signer sign it again before sending`
        : "Sign it again before sending"),
    transaction: encodeUnsigned(proven.message, request.encoding),
    encoding: request.encoding,
    signers: view.accountKeys.filter((key) => key.signer).map((key) => key.address),
    fixes,
    computeUnitLimit: edits.computeUnitLimit,
    ...(v1 ? {} : { microLamportsPerComputeUnit: pricing.micro }),
    priorityFeeLamports: fee,
    ...(raised && pricing.level ? { feeLevel: pricing.level } : {}),
    ...(edits.blockhash
      ? {
        recentBlockhash: edits.blockhash.blockhash,
        lastValidBlockHeight: edits.blockhash.lastValidBlockHeight,
      }
      : {}),
    ...(nonce ? { nonce: nonce.nonce, account: nonce.account } : {}),
    ...(creates.length > 0 ? { createdAccounts: creates } : {}),
    simulation: {
      err: null,
      unitsConsumed: proof.unitsConsumed,
      feeLamports: proof.feeLamports,
      logLines: proof.logs.length,
      logTail: proof.logs.slice(-LOG_TAIL_LINES),
    },
  };
}

/** What the rebuild changed of the caller's message, in the order the offer names them. */
function fixesMade(
  { view }: RepairRequest,
  { pricing, creates }: RebuildPlan,
  edits: MessageEdits,
): NonNullable<Repair["fixes"]> {
  const budget = computeBudgetOf(view);
  const v1 = budget.feeModel === "message_config";
  const fixes: NonNullable<Repair["fixes"]> = [];
  if (creates.length > 0) fixes.push("create_associated_token_account");
  if (edits.computeUnitLimit !== budget.unitLimit || budget.limitSource === "default") {
    fixes.push("compute_unit_limit");
  }
  if (!v1 && pricing.micro !== budget.unitPriceMicroLamports) fixes.push("compute_unit_price");
  if (v1 && Number(edits.priorityFeeLamports ?? 0n) !== budget.priorityFeeLamports) {
    fixes.push("priority_fee_lamports");
  }
  if (edits.blockhash && edits.blockhash.blockhash !== view.recentBlockhash) fixes.push("fresh_blockhash");
  return fixes;
}
