/**
 * The repair planner: decides whether a failure is mechanical and what to
 * fix in the caller's own message (fresh blockhash, missing associated token
 * accounts created first, price at the fee level asked: `pricing.ts`), then
 * hands the plan to the rebuild that sets the compute-unit limit and proves
 * the result by simulation (`prove.ts`), which offers it (`offer.ts`) or says
 * why not.
 *
 * @module
 */
import type { SolanaClient } from "../../rpc.ts";
import { currentNonce } from "./durable_nonce.ts";
import { findMissingTokenAccounts, type MissingTokenAccount } from "./missing_token_account.ts";
import { DEFAULT_FEE_LEVEL, pricingFor, raisesPrice } from "./pricing.ts";
import { rebuildAndProve } from "./prove.ts";
import { openMessage } from "./rebuild.ts";
import { notMechanical, planFor, refuse, type RepairPlan } from "./refusal.ts";
import type { RepairRequest } from "./request.ts";
import type { Repair } from "./schema.ts";

/**
 * Repairs a failing (or expired, or under-priced) transaction, or says why not.
 *
 * @throws {UpstreamError} When the node refuses a simulation outright.
 */
export async function repairTransaction(
  client: SolanaClient,
  request: RepairRequest,
  signal?: AbortSignal,
): Promise<Repair> {
  const plan = planFor(request.diagnosis, {
    durableNonce: request.durableNonce,
    blockhashValid: request.blockhashValid,
    feeLevelAsked: request.feeLevel !== undefined,
  });
  if ("available" in plan) return plan;
  const nonce = request.durableNonce ? await currentNonce(client, request, signal) : null;
  if (nonce && "available" in nonce) return nonce;
  const creates = await accountsToCreate(client, request, plan, signal);
  if (!Array.isArray(creates)) return creates;
  const message = openMessage(request.decoded, request.loadedAddresses);
  if (!message) {
    return refuse(
      "lookup_tables_unresolved",
      "Its lookup tables' addresses are unknown, so it cannot be rebuilt",
    );
  }
  const raise = plan.kind === "rebuild" && plan.raisePrice
    ? request.feeLevel ?? DEFAULT_FEE_LEVEL
    : request.feeLevel;
  const pricing = await pricingFor(client, request.view, raise ?? null, signal);
  if (
    request.diagnosis.failureClass === "none" && request.blockhashValid !== false &&
    !raisesPrice(request.view, pricing)
  ) {
    return refuse(
      "not_needed",
      `It succeeds and already pays at least the ${raise} fee level; nothing to repair`,
    );
  }
  return await rebuildAndProve(client, request, { message, pricing, creates, nonce }, signal);
}

/**
 * The associated token accounts to create first when the plan is to create
 * missing ones (none otherwise), or the refusal when none can be named.
 */
async function accountsToCreate(
  client: SolanaClient,
  request: RepairRequest,
  plan: RepairPlan,
  signal?: AbortSignal,
): Promise<MissingTokenAccount[] | Repair> {
  if (plan.kind !== "create_missing_accounts") return [];
  const found = await findMissingTokenAccounts(client, request.view, plan.instructionIndex, signal);
  const unknown = found.unknown[0];
  if (found.create.length === 0 && unknown !== undefined) {
    return {
      ...refuse(
        "unknown_missing_account",
        `Account ${unknown} does not exist and is no associated token account of an owner and mint ` +
          "the transaction names, so what to create is unknown",
      ),
      account: unknown,
    };
  }
  if (found.create.length === 0) return notMechanical(request.diagnosis);
  return found.create;
}
