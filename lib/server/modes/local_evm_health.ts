/**
 * The `/healthz` check of local mode's embedded EVM chain, from its
 * supervisor's status: up or restarting, and — honestly — whether a restart
 * already threw away the balances and transactions of an earlier chain.
 *
 * @module
 */
import type { CheckResult } from "../health.ts";
import type { LocalChains } from "./local_chains.ts";

/** The status the embedded EVM chain reports. */
export type LocalEvmStatus = ReturnType<NonNullable<LocalChains["evm"]>["status"]>;

/** The health check result for the chain's `status`. */
export function localEvmCheck(status: LocalEvmStatus): CheckResult {
  const failure = status.lastFailure;
  if (status.state === "up") {
    const restarted = failure && status.restarts > 0
      ? `; restarted ${status.restarts} time(s), last at ${failure.at} after ${failure.reason}: the ` +
        "balances and transactions of the earlier chain are gone, the USDC contract was installed again"
      : "";
    return { ok: true, detail: `anvil up (pid ${status.pid})${restarted}` };
  }
  if (status.state === "stopped") return { ok: false, detail: "anvil stopped" };
  return {
    ok: false,
    detail:
      `anvil down since ${failure?.at ?? "start"} (${failure?.reason ?? "unknown"}), restarting: /alt ` +
      "payments answer 503 until it is back; the new chain starts empty, the balances of this one are lost" +
      (status.startError ? `; last start failed: ${status.startError}` : ""),
  };
}
