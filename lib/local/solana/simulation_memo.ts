/**
 * The x402 facilitator simulates each payment twice: once to verify it, and
 * once more inside settlement, whose own verification repeats the first
 * before it sends. Against the local chain, a simulation of the same
 * transaction with the same options, while the chain's state has not changed
 * (no block produced, no account written: {@linkcode LocalChain.stateVersion}),
 * can only give the same answer, so the second is answered from the first.
 *
 * Nothing is weakened by it: the answer is the one the chain would give, a
 * state change forgets every remembered answer, and the transaction is still
 * executed for real (with its signatures checked) when it is sent, so even a
 * stale answer could only let a doomed transaction be sent, never let a
 * failed one be reported as settled. Replays are refused by the chain's status
 * cache and the service's claims, not by simulations.
 *
 * @module
 */
import type { RpcHandler } from "./in_process_rpc.ts";
import type { LocalChain } from "./chain.ts";

/** Answers kept per state version: far more than the payments verified between two blocks. */
const CAPACITY = 256;

/**
 * `local`'s JSON-RPC, answering a `simulateTransaction` request repeated at
 * the same state of `chain` from the first answer (with the new request's
 * id). Every other request, and every batch, goes to `local` unchanged.
 */
export function reuseSimulations(local: RpcHandler, chain: Pick<LocalChain, "stateVersion">): RpcHandler {
  const answers = new Map<string, string>();
  let version = chain.stateVersion;
  return {
    async handleRpc(body) {
      if (!isSimulation(body)) return await local.handleRpc(body);
      if (chain.stateVersion !== version) {
        answers.clear();
        version = chain.stateVersion;
      }
      const key = JSON.stringify(body.params);
      const known = answers.get(key);
      if (known !== undefined) return { ...JSON.parse(known), id: body.id };
      const asked = version;
      const answer = await local.handleRpc(body);
      if (isResult(answer) && chain.stateVersion === asked) {
        if (answers.size >= CAPACITY) answers.delete(answers.keys().next().value!);
        answers.set(key, JSON.stringify(answer));
      }
      return answer;
    },
  };
}

function isSimulation(body: unknown): body is { id: unknown; params: unknown } {
  return typeof body === "object" && body !== null && !Array.isArray(body) && "id" in body &&
    (body as { method?: unknown }).method === "simulateTransaction";
}

function isResult(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && "result" in answer;
}
