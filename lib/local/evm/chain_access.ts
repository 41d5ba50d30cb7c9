/**
 * How callers reach the supervised local EVM chain: the Anvil generation up
 * now, or a 503 saying the chain is down and restarting (or stopped), never a
 * call sent to a dead node. The facilitator's calls go through here too, so
 * every time one fails to reach the chain is counted for the status.
 *
 * @module
 */
import { UnavailableError } from "../../shared/errors.ts";
import type { Clients } from "./clients.ts";
import { type Generation, loadClients } from "./generation.ts";
import type { Supervisor } from "./supervisor.ts";

/** Seconds after which a request refused while the chain restarts may be retried. */
const RESTART_RETRY_AFTER_SECONDS = 3;

/** The supervised chain as its callers reach it. */
export interface ChainAccess {
  /** A 503 to refuse payments with while the chain is not up, or `undefined` when it is. */
  unavailable(): UnavailableError | undefined;
  /**
   * The generation up now, remembered as the latest.
   *
   * @throws {UnavailableError} Naming `action`, while the chain is down or stopped.
   */
  generation(action: string): Generation;
  /** The generation up now, else the last one that was (for its URL and its proxy's own errors). */
  latest(): Generation;
  /** Runs a facilitator call on the current chain's clients, counting failures to reach it. */
  onChain<T>(call: (clients: Clients) => Promise<T>): Promise<T>;
  /** How many times a call through {@linkcode ChainAccess.onChain} failed to reach the chain so far. */
  readonly rpcFailures: number;
}

/** Gives access to the chain `supervisor` keeps up, which must be up now. */
export function chainAccess(supervisor: Supervisor<Generation>): ChainAccess {
  let rpcFailures = 0;
  let last = supervisor.current()!;

  function unavailable(): UnavailableError | undefined {
    const status = supervisor.status();
    if (status.state === "up") return undefined;
    return new UnavailableError(
      status.state === "stopped"
        ? "The local EVM chain is stopped"
        : `The local EVM chain is down (${status.lastFailure?.reason ?? "restarting"}) and restarting: ` +
          "payments on it are refused until it is back",
      { retryAfterSeconds: RESTART_RETRY_AFTER_SECONDS },
    );
  }

  function generation(action: string): Generation {
    const current = supervisor.current();
    if (current) return last = current;
    const reason = unavailable();
    throw new UnavailableError(`Cannot ${action}: ${reason?.message ?? "the local EVM chain is down"}`, {
      retryAfterSeconds: RESTART_RETRY_AFTER_SECONDS,
    });
  }

  async function onChain<T>(call: (clients: Clients) => Promise<T>): Promise<T> {
    let reached: Generation;
    try {
      reached = generation("reach the local EVM chain");
    } catch (error) {
      rpcFailures++;
      throw error;
    }
    try {
      return await call(await reached.clients());
    } catch (error) {
      const { unreachable } = await loadClients();
      if (unreachable(error) || !reached.anvil.running) rpcFailures++;
      throw error;
    }
  }

  return {
    unavailable,
    generation,
    latest: () => supervisor.current() ?? last,
    onChain,
    get rpcFailures() {
      return rpcFailures;
    },
  };
}
